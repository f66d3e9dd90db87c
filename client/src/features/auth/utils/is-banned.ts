// The rule lives in lib so other features (profiles show a Banned marker) use the same one.
export { isBanned } from "@/lib/is-banned";
