import { allowQuickPasswordHashesForTests } from "~/modules/staff/password-hash.server";

/*
 * Set-up of every integration test file (vitest.config.ts). Staff passwords are hashed and
 * checked at scrypt's least cost here: about 400 of them at full cost were a quarter of this
 * project's CPU (decision 0094). The browser tests' servers run as production does, full cost.
 */
allowQuickPasswordHashesForTests();
