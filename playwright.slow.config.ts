import base from "./playwright.config";
// Local only (not committed): the machine is shared and loaded; waits are longer, nothing else changes.
export default { ...base, timeout: 300_000, expect: { timeout: 40_000 } };
