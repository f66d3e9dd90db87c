/** GET /api/auth/sessions: one of the member's signed-in sessions (the id is opaque, never the cookie's). */
export interface MemberSession {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  browser: string;
  os: string;
  /** The address it was last seen from, its last part masked (`203.0.113.*`, `2001:db8::*`). */
  ip: string;
}
export interface MemberSessionsResponse {
  sessions: MemberSession[];
}

/** GET /api/auth/2fa */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}
/** POST /api/auth/2fa/setup */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}
/** POST /api/auth/2fa/enable: shown this once. */
export interface RecoveryCodesResponse {
  recoveryCodes: string[];
}
/** POST /api/auth/login with two-factor sign-in on: no session yet, the second step follows. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
}
/** POST /api/auth/confirm: the session's window for sensitive changes is open until then. */
export interface ConfirmationAnswer {
  confirmedUntil: string;
}
