import { type OfficeAddress, streetLinesOf } from "~/lib/postal-address";
import type { GeneralSettings } from "./settings.schema";

/** The office address of the settings, in its parts (no zod: the public layout uses it). */
export const officeAddressOf = (
  settings: Pick<GeneralSettings, "officeStreet" | "officeCity" | "officeState" | "officePinCode">,
): OfficeAddress => ({
  streetLines: streetLinesOf(settings.officeStreet),
  city: settings.officeCity,
  state: settings.officeState,
  pinCode: settings.officePinCode,
  country: "India",
});
