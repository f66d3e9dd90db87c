import type { RouteDoc } from "./route-doc";

/** server/routes/openapi/: this document and its readable form. */
export const openApiRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This API's OpenAPI 3.1 document",
    description: "Sent with an ETag.",
    access: "public",
    answers: {
      200: { description: "The document.", mediaType: "application/json" },
      304: { description: "Not modified since the ETag in If-None-Match." },
    },
  },
  {
    method: "get",
    path: "/api/docs",
    summary: "This reference, as a page",
    access: "public",
    answers: { 200: { description: "The page.", mediaType: "text/html" } },
  },
];
