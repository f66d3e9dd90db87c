/** GET /api/health's answer: the status a load balancer reads, and the message a person reads. */
export function presentHealth(databaseUp: boolean) {
  return databaseUp
    ? { status: "ok" as const, database: "ok" as const }
    : { message: "Database unavailable", status: "degraded" as const, database: "unavailable" as const };
}
