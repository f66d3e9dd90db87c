import { createContext, useContext } from "react";

/** The names the card's files had on the member's device, by URL (GET /api/bio/settings `fileNames`). */
export const FileNamesContext = createContext<Record<string, string>>({});

/** The name a file of the card had on the member's device, when the server kept it. */
export const useFileName = (url: string): string | undefined => useContext(FileNamesContext)[url];
