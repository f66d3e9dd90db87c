import { createHash } from "node:crypto";
import sharp from "sharp";
import { BIO_CARD_DEFAULTS, PUBLIC_CARD_FALLBACKS } from "@shared/constants";
import type { bioCards, users } from "../db/schema";
import { storedNameOf } from "../uploads/files";
import { StorageUnavailable, type UploadStorage } from "../uploads/storage";
import type { ShareImageCard } from "./render";

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const hexOr = (value: string | null, fallback: string) => (value && HEX_COLOR.test(value) ? value.toLowerCase() : fallback);

type Card = Pick<typeof bioCards.$inferSelect, "displayName" | "bioText" | "bioAvatar" | "showAvatar" | "themeColor" | "primaryColor" | "secondaryColor" | "boxColor">;
type Owner = Pick<typeof users.$inferSelect, "username" | "avatar" | "bio">;

/** What a card's share image shows, with its avatar still a URL, and the key of that version. */
export interface ShareImageVersion {
  key: string;
  card: Omit<ShareImageCard, "avatar">;
  avatarUrl: string | null;
}

/**
 * The share image of a card as anyone may see it (the avatar only when the card shows it, the
 * profile's bio where the card has none); its key is a hash of all of it, so any change to what is
 * drawn makes a new version (uploads never change under their random names).
 */
export function shareImageVersion(card: Card, owner: Owner): ShareImageVersion {
  const drawn = {
    name: card.displayName?.trim() || owner.username,
    username: owner.username,
    bio: card.bioText?.trim() || owner.bio?.trim() || null,
    themeColor: hexOr(card.themeColor, PUBLIC_CARD_FALLBACKS.themeColor),
    primaryColor: hexOr(card.primaryColor, BIO_CARD_DEFAULTS.primaryColor),
    secondaryColor: hexOr(card.secondaryColor, BIO_CARD_DEFAULTS.secondaryColor),
    boxColor: hexOr(card.boxColor, BIO_CARD_DEFAULTS.boxColor),
  };
  const avatarUrl = card.showAvatar ? card.bioAvatar || owner.avatar || null : null;
  const key = createHash("sha256").update(JSON.stringify({ ...drawn, avatarUrl })).digest("base64url").slice(0, 27);
  return { key, card: drawn, avatarUrl };
}

/**
 * The avatar as the image embeds it: our own upload, read from the storage and made a small PNG
 * (satori reads PNG and JPEG only). Anything else (an outside address, a file that is gone or does
 * not decode) gives null, the initial instead: the server never fetches a member-given URL. A
 * storage out of reach is StorageUnavailable (the image answers 503 and is not kept without its avatar).
 */
export async function avatarForShareImage(storage: UploadStorage, url: string | null): Promise<string | null> {
  const name = url ? storedNameOf(url) : undefined;
  if (!name) return null;
  const bytes = await storage.read(name).catch((error: unknown) => {
    if (error instanceof StorageUnavailable) throw error;
    return undefined;
  });
  if (!bytes) return null;
  try {
    const png = await sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000 }).resize(256, 256, { fit: "cover" }).png().toBuffer();
    return `data:image/png;base64,${png.toString("base64")}`;
  } catch {
    return null;
  }
}
