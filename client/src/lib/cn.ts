/** Joins the truthy class names; lets components take conditional and caller-supplied classes. */
export function cn(...classNames: Array<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(" ");
}
