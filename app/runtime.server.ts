import cluster from "node:cluster";
import type { AppConfig } from "~/config.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { logger } from "~/lib/logger.server";
import {
  startApplicationRetention,
  stopApplicationRetention,
} from "~/modules/applications/retention-job.server";
import { type Auth, createAuth } from "~/modules/auth/auth.server";
import { ensureFirstConsultant } from "~/modules/bookings/first-consultant.server";
import {
  startBookingReminders,
  stopBookingReminders,
} from "~/modules/bookings/reminder-job.server";
import { startCalendarSync, stopCalendarSync } from "~/modules/calendars/calendar-sync-job.server";
import { postingScheduleHandler } from "~/modules/careers/career-versions.server";
import { articleScheduleHandler } from "~/modules/library/article-versions.server";
import { resourceScheduleHandler } from "~/modules/library/resource-versions.server";
import { leadMailOptions } from "~/modules/mail/options.server";
import { startMailer, stopMailer, wakeOutbox } from "~/modules/mail/worker.server";
import { pageScheduleHandler } from "~/modules/pages/page-versions.server";
import { noticeScheduleHandler } from "~/modules/privacy/notice-drafts.server";
import { seedDefaults } from "~/modules/seed.server";
import { serviceScheduleHandler } from "~/modules/services/service-versions.server";
import { createFirstAdmin, issueSetupLink } from "~/modules/setup/setup-token.server";
import { passwordProblem } from "~/modules/staff/password-policy";
import {
  startContentSchedules,
  stopContentSchedules,
} from "~/modules/versions/schedule-job.server";
import type { ScheduleHandlers } from "~/modules/versions/schedules.server";
import { addressRulesFor } from "~/modules/webhooks/webhook-address.server";
import {
  startWebhookDeliveries,
  stopWebhookDeliveries,
} from "~/modules/webhooks/webhook-job.server";

/**
 * The process-wide pieces the app runs on: configuration, database and auth. Started once by
 * the Node server before it listens; the server hands them to each request through the router
 * context (runtimeContext in app/web/request-context.ts), where loaders and actions read them.
 */
export interface Runtime {
  config: AppConfig;
  database: DatabaseHandle;
  auth: Auth;
}

/**
 * How the schedule job does each kind's scheduled change (decisions 0060, 0072, 0075). Exported
 * so that tests run the job's function with the handlers the server runs, not a copy of them.
 */
export const CONTENT_SCHEDULE_HANDLERS: ScheduleHandlers = {
  article: articleScheduleHandler,
  resource: resourceScheduleHandler,
  service: serviceScheduleHandler,
  page: pageScheduleHandler,
  posting: postingScheduleHandler,
  privacy: noticeScheduleHandler,
};

// Kept on globalThis so that a module reload in development does not open a second database.
const holder = globalThis as typeof globalThis & { __runtime?: Promise<Runtime> };
let current: Runtime | undefined;

export function startRuntime(config: AppConfig): Promise<Runtime> {
  holder.__runtime ??= boot(config).catch((error) => {
    holder.__runtime = undefined;
    throw error;
  });
  return holder.__runtime;
}

async function boot(config: AppConfig): Promise<Runtime> {
  const database = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info("migrations_applied", { migrations: applied });
    const seeded = await seedDefaults(database.db);
    if (Object.values(seeded).some(Boolean)) logger.info("default_content_seeded", seeded);
    const auth = createAuth(config, database);
    const runtime = { config, database, auth };
    await ensureFirstAdmin(runtime);
    // An install whose admin predates bookings gets its first consultant (issue 15).
    if (await ensureFirstConsultant(database.db)) logger.info("first_consultant_created", {});
    // The mail outbox runs here.
    await startMailer(config, database.db);
    // The retention clean-up of job applications (decision 0025) runs here too.
    startApplicationRetention(database.db, { baseUrl: config.baseUrl });
    // Consultation reminders (decision 0046), claimed in the database by whichever instance runs.
    startBookingReminders(database.db, {
      context: { secret: config.authSecret, mail: leadMailOptions(config) },
      onSent: wakeOutbox,
    });
    // Consultants' own calendars are read here, their busy times kept from /book (decision 0048).
    startCalendarSync(database.db, config.authSecret);
    // Webhook deliveries (decision 0054), claimed in the database by whichever instance runs.
    startWebhookDeliveries(database.db, {
      authSecret: config.authSecret,
      rules: addressRulesFor(config),
    });
    // Scheduled publishing (decision 0060), each schedule claimed in the database by one instance.
    startContentSchedules(database.db, { handlers: CONTENT_SCHEDULE_HANDLERS });
    current = runtime;
    return runtime;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Creates the first admin from ADMIN_USERNAME/ADMIN_EMAIL/ADMIN_PASSWORD (and the display name
 * ADMIN_NAME, when set) when no account exists;
 * without them, prints a one-time setup link instead.
 */
async function ensureFirstAdmin({ config, database }: Runtime) {
  const existing = await database.db.selectFrom("user").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  if (!config.firstAdmin) {
    // Of several server processes (WEB_CONCURRENCY) only the first prints a link: one working
    // link is enough. (Instances started together each print one, and all of them work.)
    if (cluster.isWorker && cluster.worker?.id !== 1) return;
    const { url, expiresAt } = await issueSetupLink(database.db, config.baseUrl);
    logger.warn("first_admin_setup_link", { link: url, expiresAt });
    return;
  }
  const weak = passwordProblem(config.firstAdmin.password, config.firstAdmin);
  if (weak) throw new Error(`ADMIN_PASSWORD is not accepted: ${weak}`);
  const admin = await createFirstAdmin(database.db, config.firstAdmin);
  if (admin) {
    logger.info("first_admin_created", { username: config.firstAdmin.username, userId: admin.id });
  }
}

export function getRuntime(): Runtime {
  if (!current) throw new Error("The runtime has not been started");
  return current;
}

export async function stopRuntime(): Promise<void> {
  const runtime = await holder.__runtime;
  holder.__runtime = undefined;
  current = undefined;
  await stopMailer();
  await stopApplicationRetention();
  await stopBookingReminders();
  await stopCalendarSync();
  await stopWebhookDeliveries();
  await stopContentSchedules();
  await runtime?.database.close();
}
