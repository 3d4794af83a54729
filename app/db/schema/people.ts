import type { ColumnType } from "kysely";
import type { IsoTime } from "./columns";

/*
 * People (0024-people, docs/decisions/0057-people.md): one row per lower-case e-mail address,
 * kept by triggers on enquiries, bookings, applications and newsletter subscribers; staff notes
 * and tags on the person go with the row.
 */
export interface PeopleTable {
  id: ColumnType<string, string | undefined, never>;
  email: string;
  name: string;
  company: string;
  firstSeenAt: IsoTime;
  lastSeenAt: IsoTime;
  /** Generated: lower(name, e-mail and company). */
  searchText: ColumnType<string, never, never>;
}

export interface PersonNotesTable {
  id: string;
  personId: string;
  authorId: string | null;
  authorName: string;
  body: string;
  createdAt: IsoTime;
}

export interface PersonTagsTable {
  personId: string;
  tag: string;
  createdAt: IsoTime;
}

/** The number of people, one row (id 1) kept by triggers on `people` (0036-people-list-speed). */
export interface PeopleTotalTable {
  id: number;
  people: number;
}
