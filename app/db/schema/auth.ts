import type { ColumnType, SqlBool } from "kysely";

/* better-auth's tables (user with the username and admin plugins, session, account, verification). */
type AuthTime = ColumnType<Date | string, Date | string, Date | string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<SqlBool, boolean, boolean>;
  image: string | null;
  createdAt: AuthTime;
  updatedAt: AuthTime;
  username: string | null;
  displayUsername: string | null;
  role: string | null;
  banned: ColumnType<SqlBool | null, boolean | null, boolean | null>;
  banReason: string | null;
  banExpires: AuthTime | null;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthTime;
  token: string;
  createdAt: AuthTime;
  updatedAt: AuthTime;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthTime | null;
  refreshTokenExpiresAt: AuthTime | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthTime;
  updatedAt: AuthTime;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthTime;
  createdAt: AuthTime;
  updatedAt: AuthTime;
}
