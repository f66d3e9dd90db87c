import { Search, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useSearch as useQueryString } from "wouter";
import { SEARCH_QUERY_MAX_LENGTH } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** The widths from which the field shows in the bar, with the icon's and the field's classes (whole, for Tailwind to find). */
const FIELD_FROM = {
  lg: { icon: "lg:hidden", form: "hidden lg:flex", field: "lg:w-44" },
  "2xl": { icon: "2xl:hidden", form: "hidden 2xl:flex", field: "2xl:w-44" },
} as const;

/**
 * The search box of the top navigation: a field on wide screens (from `fieldFrom`: 1024 px, or
 * 1536 px for a staff member's longer bar); on narrower ones (phones, tablets where the links leave
 * no room) an icon that opens the field over the bar. Submitting goes to /search (on the tab with
 * results). On /search it
 * holds the text the page shows results for.
 */
export function NavSearch({ fieldFrom = "lg" }: { fieldFrom?: keyof typeof FIELD_FROM }) {
  const classes = FIELD_FROM[fieldFrom];
  const [path, navigate] = useLocation();
  const queryString = useQueryString();
  const urlText = path === "/search" ? (new URLSearchParams(queryString).get("q") ?? "") : "";
  const [text, setText] = useState(urlText);
  // Whenever the URL's text changes (a search sent, a link or Back followed, another page), the box follows it.
  const [followed, setFollowed] = useState(urlText);
  if (followed !== urlText) {
    setFollowed(urlText);
    setText(urlText);
  }
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  // The field stays mounted (it is the wide-screen box too), so autoFocus would not fire on opening.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setOpen(false);
    // No tab named: the search opens on the one that has results.
    navigate(`/search?${new URLSearchParams({ q })}`);
  };

  return (
    <>
      <Button variant="ghost" size="icon" className={classes.icon} aria-label="Search" onClick={() => setOpen(true)}>
        <Search className="size-5" aria-hidden />
      </Button>
      <form
        role="search"
        aria-label="Site"
        onSubmit={submit}
        className={cn(
          "items-center gap-2",
          open ? "absolute inset-x-0 top-0 z-50 flex h-16 border-b border-border bg-background px-4" : classes.form,
        )}
      >
        <div className={cn("relative w-full", !open && classes.field)}>
          <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <input
            ref={field}
            type="search"
            aria-label="Search"
            placeholder="Search…"
            value={text}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
            className="h-9 w-full rounded-lg border border-border bg-surface-raised pl-8 pr-3 text-sm placeholder:text-muted focus:border-primary focus:outline-none"
          />
        </div>
        {open && (
          <Button type="button" variant="ghost" size="icon" aria-label="Close search" onClick={() => setOpen(false)}>
            <X className="size-5" aria-hidden />
          </Button>
        )}
      </form>
    </>
  );
}
