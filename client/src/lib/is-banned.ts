// The ban rule is written once, in shared/, for the server and the client alike.
export { isBannedNow as isBanned } from "@shared/policies/banned-now";
