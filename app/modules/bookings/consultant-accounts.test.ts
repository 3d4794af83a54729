import { describe, expect, it } from "vitest";
import { consultantAccountNote, withConsultantNote } from "./consultant-accounts";

describe("what the Users page says about a consultant's bookings", () => {
  it("counts the upcoming consultations that stay booked, in agreeing words", () => {
    expect(consultantAccountNote(0, "disable")).toBe(
      "No upcoming consultations are booked with this consultant. They get no new bookings while the account is disabled.",
    );
    expect(consultantAccountNote(1, "remove")).toBe(
      "1 upcoming consultation stays booked with this consultant; move or cancel it in Bookings. They get no new bookings, and changes to their bookings are mailed to the firm's address.",
    );
    expect(consultantAccountNote(3, "disable")).toMatch(
      /^3 upcoming consultations stay booked with this consultant; move or cancel them in Bookings\./,
    );
  });

  it("adds the note to a confirmation only for a consultant", () => {
    const confirmation = { title: "Remove", description: "Are you sure?", confirmLabel: "Remove" };
    expect(withConsultantNote(confirmation, undefined, "remove")).toBe(confirmation);
    expect(withConsultantNote(confirmation, 2, "remove")).toEqual({
      ...confirmation,
      description: `Are you sure? ${consultantAccountNote(2, "remove")}`,
    });
  });
});
