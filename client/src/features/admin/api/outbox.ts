import { useQuery } from "@tanstack/react-query";
import type { OutboxMail, OutboxMailList } from "@shared/types";
import { apiGet } from "@/lib/api-client";
import { adminQueryKeyRoot } from "./admin-query-keys";

/** GET /api/admin/mail: the mail written to DATA_DIR/mail, newest first (404 when mail goes out through SMTP_URL). */
export function useOutbox() {
  return useQuery({ queryKey: [adminQueryKeyRoot, "mail"], queryFn: ({ signal }) => apiGet<OutboxMailList>("/api/admin/mail", signal) });
}

/** GET /api/admin/mail/{id}: one written mail with its plain-text part. */
export function useOutboxMail(id: string | null) {
  return useQuery({
    queryKey: [adminQueryKeyRoot, "mail", id],
    queryFn: ({ signal }) => apiGet<OutboxMail>(`/api/admin/mail/${encodeURIComponent(id!)}`, signal),
    enabled: id !== null,
  });
}
