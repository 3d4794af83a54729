import { type SqlBool, sql } from "kysely";
import type { DB } from "~/db/client.server";
import { consentsOf } from "~/modules/privacy/consent-ledger.server";

/*
 * The reading half of an access request's copy (personal-data.server.ts lays it out): every row
 * the site keeps about an address, from every table that keeps personal data by address and from
 * the tables hanging off those rows (notes, tags, lead sources, CV files). Rows come whole;
 * personal-data.server.ts leaves out the secrets.
 */

const lowerIs = (column: string, email: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) = ${email}`;

/** Every row about `email` (already trimmed and lower-cased). */
export async function readPersonalRows(db: DB, email: string) {
  const [person, enquiries, bookings, applications, subscribers, consents, mails, deliveries] =
    await Promise.all([
      db.selectFrom("people").selectAll().where("email", "=", email).executeTakeFirst(),
      db
        .selectFrom("enquiries")
        .selectAll()
        .where(lowerIs("email", email))
        .orderBy("submittedAt")
        .execute(),
      db
        .selectFrom("bookings")
        .selectAll()
        .where(lowerIs("visitorEmail", email))
        .orderBy("createdAt")
        .execute(),
      db
        .selectFrom("applications")
        .selectAll()
        .where(lowerIs("email", email))
        .orderBy("submittedAt")
        .execute(),
      db.selectFrom("newsletterSubscribers").selectAll().where(lowerIs("email", email)).execute(),
      consentsOf(db, email),
      db
        .selectFrom("mailOutbox")
        .select(["kind", "toAddress", "subject", "status", "createdAt", "sentAt"])
        .where((eb) =>
          eb.or([
            eb("personEmail", "=", email),
            eb(sql<string>`lower(${sql.ref("toAddress")})`, "=", email),
          ]),
        )
        .orderBy("createdAt")
        .execute(),
      db
        .selectFrom("webhookDeliveries")
        .innerJoin("webhookEndpoints", "webhookEndpoints.id", "webhookDeliveries.endpointId")
        .select([
          "webhookEndpoints.url as receiver",
          "webhookDeliveries.eventType",
          "webhookDeliveries.status",
          "webhookDeliveries.createdAt",
          "webhookDeliveries.deliveredAt",
        ])
        .where("webhookDeliveries.personEmail", "=", email)
        .orderBy("webhookDeliveries.createdAt")
        .execute(),
    ]);
  const enquiryIds = enquiries.map((row) => row.id);
  const applicationIds = applications.map((row) => row.id);
  const [enquiryNotes, applicationNotes, personNotes, personTags, sources, requests] =
    await Promise.all([
      enquiryIds.length
        ? db
            .selectFrom("enquiryNotes")
            .select(["enquiryId", "body", "createdAt"])
            .where("enquiryId", "in", enquiryIds)
            .orderBy("createdAt")
            .execute()
        : [],
      applicationIds.length
        ? db
            .selectFrom("applicationNotes")
            .selectAll()
            .where("applicationId", "in", applicationIds)
            .orderBy("createdAt")
            .execute()
        : [],
      person
        ? db
            .selectFrom("personNotes")
            .select(["body", "authorName", "createdAt"])
            .where("personId", "=", person.id)
            .orderBy("createdAt")
            .execute()
        : [],
      person
        ? db
            .selectFrom("personTags")
            .select(["tag", "createdAt"])
            .where("personId", "=", person.id)
            .execute()
        : [],
      db
        .selectFrom("leadSources")
        .selectAll()
        .where((eb) =>
          eb.or([
            ...(enquiryIds.length ? [eb("enquiryId", "in", enquiryIds)] : []),
            ...(applicationIds.length ? [eb("applicationId", "in", applicationIds)] : []),
            ...(bookings.length
              ? [
                  eb(
                    "bookingId",
                    "in",
                    bookings.map((row) => row.id),
                  ),
                ]
              : []),
            ...(subscribers.length
              ? [
                  eb(
                    "subscriberId",
                    "in",
                    subscribers.map((row) => row.id),
                  ),
                ]
              : []),
            // Nothing to match: a condition that is never true.
            sql<SqlBool>`1 = 0`,
          ]),
        )
        .orderBy("createdAt")
        .execute(),
      db
        .selectFrom("privacyRequests")
        .select([
          "id",
          "kind",
          "status",
          "details",
          "nomineeName",
          "nomineeEmail",
          "createdAt",
          "verifiedAt",
          "dueAt",
          "closedAt",
          "outcome",
        ])
        .where("email", "=", email)
        .where("status", "!=", "unverified")
        .orderBy("createdAt")
        .execute(),
    ]);
  const applicationFiles = applications.filter((row) => row.cvFileId);
  const files = applicationFiles.length
    ? await db
        .selectFrom("storedFiles")
        .select(["id", "fileName", "contentType", "byteSize", "createdAt"])
        .where(
          "id",
          "in",
          applicationFiles.map((row) => row.cvFileId ?? ""),
        )
        .execute()
    : [];
  return {
    person,
    personNotes,
    personTags,
    enquiries,
    enquiryNotes,
    bookings,
    applications,
    applicationNotes,
    files,
    subscribers,
    sources,
    consents,
    mails,
    deliveries,
    requests,
  };
}
