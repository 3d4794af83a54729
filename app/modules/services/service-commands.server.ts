import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { mediaExists } from "~/modules/media/media-commands.server";
import type { Service } from "./service.schema";
import { resetServicesToDefaults, updateService } from "./services.server";

/*
 * The admin's changes to services. Services are shown on the home page, /services and in the
 * menus, so each change raises the public content version with its audit entry.
 */

/** Saves an edited service (already validated); false when it no longer exists. */
export function saveService(db: DB, actor: Actor, service: Service): Promise<boolean> {
  return runCommand(db, actor, async (trx) => {
    // An image deleted while the form was open is not stored: the service shows none.
    const imageId =
      service.imageId && !(await mediaExists(trx, service.imageId)) ? null : service.imageId;
    if (!(await updateService(trx, { ...service, imageId }))) return { result: false };
    return {
      result: true,
      audit: {
        action: "update",
        entityType: "service",
        entityId: service.id,
        summary: `Updated the service "${service.title}"`,
      },
      publicChange: true,
    };
  });
}

/** "Reset to defaults": replaces every service with the built-in six; returns them. */
export function resetServices(db: DB, actor: Actor): Promise<Service[]> {
  return runCommand(db, actor, async (trx) => {
    const services = await resetServicesToDefaults(trx);
    return {
      result: services,
      audit: {
        action: "reset",
        entityType: "service",
        entityId: null,
        summary: `Reset all services to the ${services.length} defaults`,
      },
      publicChange: true,
    };
  });
}
