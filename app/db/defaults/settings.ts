/*
 * Moved: the default settings live with their module, in modules/settings/settings.defaults.ts.
 * This path stays only while tests/e2e/page-cache.test.ts (another change in flight) imports it;
 * delete it when that import moves, since the db layer imports nothing from the modules.
 */
export { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
