/**
 * The read models' tables, declared once (`defineTable`: columns as zod-typed builders): the
 * projector's models write them (read-models/*, `tables: …Tables`), and query-api reads them with
 * the row schemas here, `sql.type(tableRows.users.pick({ … }))` (docs/projector.md "One definition of a
 * table's rows"). This folder is the one part of the projector that query-api may import
 * (`@mathdaily/projector/tables`, docs/boundaries.md): its files import only zod, domain types and
 * each other.
 */
import type { z } from 'zod';
import { abilityModelTables } from './ability-model.ts';
import { achievementsTables } from './achievements.ts';
import { adminActivityTables } from './admin-activity.ts';
import { attemptsTables } from './attempts.ts';
import { authSessionsTables } from './auth-sessions.ts';
import { classAssignmentsTables } from './class-assignments.ts';
import { classesTables } from './classes.ts';
import { clientErrorsTables } from './client-errors.ts';
import { contactRequestsTables } from './contact-requests.ts';
import { rowsOf } from './define-table.ts';
import { eventLogTables } from './event-log.ts';
import { familyLinksTables } from './family-links.ts';
import { learnerProfilesTables } from './learner-profiles.ts';
import { liveLearnersTables } from './live-learners.ts';
import { placementsTables } from './placements.ts';
import { practiceDaysTables } from './practice-days.ts';
import { practiceSessionsTables } from './practice-sessions.ts';
import { problemsTables } from './problems.ts';
import { questionSetsTables } from './question-sets.ts';
import { registrationsTables } from './registrations.ts';
import { reviewStatesTables } from './review-states.ts';
import { signInLogTables } from './sign-in-log.ts';
import { tutorActivityTables } from './tutor-activity.ts';
import { tutorRelationshipsTables } from './tutor-relationships.ts';
import { usersTables } from './users.ts';

/** The zod schema of a row of each read-model table, by table name: `tableRows.users`, `tableRows.review_states`… */
export const tableRows = rowsOf([
  ...abilityModelTables,
  ...achievementsTables,
  ...adminActivityTables,
  ...attemptsTables,
  ...authSessionsTables,
  ...classAssignmentsTables,
  ...classesTables,
  ...clientErrorsTables,
  ...contactRequestsTables,
  ...eventLogTables,
  ...familyLinksTables,
  ...learnerProfilesTables,
  ...liveLearnersTables,
  ...placementsTables,
  ...practiceDaysTables,
  ...practiceSessionsTables,
  ...problemsTables,
  ...questionSetsTables,
  ...registrationsTables,
  ...reviewStatesTables,
  ...signInLogTables,
  ...tutorActivityTables,
  ...tutorRelationshipsTables,
  ...usersTables,
]);

type TableName = keyof typeof tableRows;
/** A whole row as the projection holds and puts it (`z.input`: an event's position may be its bigint). */
export type RowInput<Name extends TableName> = z.input<(typeof tableRows)[Name]>;
