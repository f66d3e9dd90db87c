/** GET /api/drafts/{key}. */
export interface Draft {
  content: string;
  updatedAt: string;
}
