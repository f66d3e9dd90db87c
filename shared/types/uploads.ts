/** POST /api/upload (201). */
export interface UploadResponse {
  url: string;
}
