import { describe, expect, it } from "vitest";
import { z } from "zod";
import { constraintOf } from "./form-constraints";
import { formatPhone, normalisePhone } from "./phone";
import { INVALID_PHONE_MESSAGE, phoneField } from "./phone-field";
import { telHref } from "./phone-link";

/* Phone numbers (issue 12, item 5): one rule for every form, one look wherever they are shown. */
describe("phone numbers", () => {
  it("takes Indian numbers as people write them and keeps them as +91 98765 43210", () => {
    for (const typed of [
      "98765 43210",
      "9876543210",
      "09876543210",
      "098765-43210",
      "+91 98765 43210",
      "+91-98765-43210",
      "+919876543210",
      "0091 98765 43210",
      " 98765 43210 ",
    ]) {
      expect(normalisePhone(typed), typed).toBe("+91 98765 43210");
    }
    expect(normalisePhone("011 4000 0000")).toBe("+91 11 4000 0000");
    expect(normalisePhone("+91 (11) 2345-6789")).toBe("+91 11 2345 6789");
    expect(normalisePhone("1800 123 4567")).toBe("+91 1800 123 4567");
  });

  it("takes numbers of other countries written with + and their country code", () => {
    expect(normalisePhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(normalisePhone("+1 (415) 555-2671")).toBe("+1 415 555 2671");
    expect(normalisePhone("+65 6123 4567")).toBe("+65 6123 4567");
  });

  it("keeps an extension", () => {
    expect(normalisePhone("011 4000 0000 ext 12")).toBe("+91 11 4000 0000 ext. 12");
    expect(normalisePhone("+91 11 4000 0000 ext. 12")).toBe("+91 11 4000 0000 ext. 12");
  });

  it("refuses what is not a phone number", () => {
    for (const typed of [
      "12",
      "+91 1",
      "98765",
      "call me",
      "call me on 98765 43210",
      "98765 43210 or 98100 00000",
      "=1+2",
      "+999 1234 5678",
      "",
    ]) {
      expect(normalisePhone(typed), typed).toBeUndefined();
    }
  });

  it("shows stored numbers of any shape in the international format, and anything else as it is", () => {
    expect(formatPhone("+919876543210")).toBe("+91 98765 43210");
    expect(formatPhone("+91-98100-00000")).toBe("+91 98100 00000");
    expect(formatPhone("(011) 2345-6789")).toBe("+91 11 2345 6789");
    expect(formatPhone("+91 98765 43210")).toBe("+91 98765 43210");
    // Rows saved before numbers were checked: shown as they were typed, never lost.
    expect(formatPhone("12")).toBe("12");
    expect(formatPhone(" evenings only ")).toBe("evenings only");
    expect(formatPhone("")).toBe("");
  });

  it("links a shown number as an E.164 tel: address", () => {
    expect(telHref("+91 98765 43210")).toBe("tel:+919876543210");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(telHref("+91 11 4000 0000 ext. 12")).toBe("tel:+911140000000;ext=12");
  });
});

describe("the phone field of a form", () => {
  const optional = z.object({ phone: phoneField({ max: 40 }) });
  const required = z.object({
    phone: phoneField({ max: 30, requiredMessage: "Phone is required" }),
  });
  const messageOf = (schema: z.ZodType, phone: unknown) => {
    const parsed = schema.safeParse({ phone });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it("stores the number in the international format", () => {
    expect(optional.parse({ phone: "09876543210" })).toEqual({ phone: "+91 98765 43210" });
    expect(required.parse({ phone: " 98765 43210 " })).toEqual({ phone: "+91 98765 43210" });
    // What it stores parses back to itself, so saving a form again changes nothing.
    expect(required.parse({ phone: "+91 98765 43210" })).toEqual({ phone: "+91 98765 43210" });
  });

  it("says what is wrong, one message per field", () => {
    expect(messageOf(optional, "12")).toBe(INVALID_PHONE_MESSAGE);
    expect(messageOf(required, "call me")).toBe(INVALID_PHONE_MESSAGE);
    expect(messageOf(required, "")).toBe("Phone is required");
    expect(messageOf(required, "  ")).toBe("Phone is required");
    expect(messageOf(optional, "9".repeat(41))).toBe("Must be at most 40 characters");
    expect(optional.parse({ phone: "  " })).toEqual({ phone: "" });
    expect(optional.parse({})).toEqual({ phone: "" });
  });

  it("gives the form its limits and no pattern that could refuse a real number", () => {
    expect(constraintOf(optional.shape.phone)).toEqual({ maxLength: 40 });
    expect(constraintOf(required.shape.phone)).toEqual({ required: true, maxLength: 30 });
  });
});
