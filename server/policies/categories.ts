import { GENERAL_CATEGORY_ID } from "@shared/constants";

/** General is where new topics go by default: it can be renamed, never deleted. */
export const canDeleteCategory = (category: { id: number }) => category.id !== GENERAL_CATEGORY_ID;
