import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { productTypes, suppliersMaster } from './catalogue.ts';
import { usersMaster } from './people.ts';
import { storedFiles } from './platform.ts';
import { refsStructureLevel } from './references.ts';

// The training university (spec 3 §3.1, §4.1, §5.2; DECISIONS "University"). Siza searches the
// module text, questions and files' extracted text with the full-text indexes below.

export type TrainingQuestionOption = { text: string; is_correct: boolean };

export const trainingMaster = pgTable(
  'training_master',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    moduleName: text().notNull(),
    moduleDescription: text(),
    moduleCategory: text(),
    active: boolean().notNull().default(true),
    /** A compulsory module blocks access until passed. */
    isCompulsory: boolean().notNull().default(false),
    /** Number of questions asked per attempt, drawn from the chosen language. */
    marks: smallint().notNull().default(0),
    /** Percentage needed to pass. */
    passThreshold: smallint().notNull().default(100),
    /** 1 default; 3 leader (then refs_structure_level_id applies). */
    trainingTypes: smallint().notNull().default(1),
    refsStructureLevelId: smallint().references(() => refsStructureLevel.id),
    isDeleted: boolean().notNull().default(false),
    createdBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('training_master_name_idx').on(t.moduleName).where(sql`not ${t.isDeleted}`),
    index('training_master_search_idx').using(
      'gin',
      sql`to_tsvector('english', ${t.moduleName} || ' ' || coalesce(${t.moduleDescription}, ''))`,
    ),
    check('training_master_pass_threshold', sql`${t.passThreshold} between 0 and 100`),
    check('training_master_marks', sql`${t.marks} >= 0`),
    check('training_master_training_types', sql`${t.trainingTypes} in (1, 3)`),
    check(
      'training_master_structure_level_leader_only',
      sql`${t.trainingTypes} = 3 or ${t.refsStructureLevelId} is null`,
    ),
  ],
);

/** Product types a module applies to; updating a module clears is_active then upserts the chosen rows. */
export const trainingRefsProductTypeIndex = pgTable(
  'training_refs_product_type_index',
  {
    trainingMasterId: integer()
      .notNull()
      .references(() => trainingMaster.id),
    refsProductTypeId: integer()
      .notNull()
      .references(() => productTypes.id),
    isActive: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.trainingMasterId, t.refsProductTypeId] }),
    index('training_refs_product_type_index_type_idx').on(t.refsProductTypeId),
  ],
);

export const trainingSupplierIndex = pgTable(
  'training_supplier_index',
  {
    trainingMasterId: integer()
      .notNull()
      .references(() => trainingMaster.id),
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    isActive: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.trainingMasterId, t.suppliersMasterId] }),
    index('training_supplier_index_supplier_idx').on(t.suppliersMasterId),
  ],
);

export const trainingQuestions = pgTable(
  'training_questions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    moduleId: integer()
      .notNull()
      .references(() => trainingMaster.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    questionLanguage: text().notNull(),
    /** Options shown per question, the correct one included. */
    maxOptions: smallint().notNull(),
    options: jsonb().$type<TrainingQuestionOption[]>().notNull().default([]),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('training_questions_module_idx').on(t.moduleId, t.questionLanguage, t.sort),
    index('training_questions_search_idx').using('gin', sql`to_tsvector('english', ${t.question})`),
    check('training_questions_max_options', sql`${t.maxOptions} > 0`),
    check('training_questions_options_array', sql`jsonb_typeof(${t.options}) = 'array'`),
  ],
);

/** A module may have no video link (blank) as long as it has files; a video needs a language. */
export const trainingVideos = pgTable(
  'training_videos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    moduleId: integer()
      .notNull()
      .references(() => trainingMaster.id, { onDelete: 'cascade' }),
    link: text().notNull().default(''),
    videoLanguage: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('training_videos_module_idx').on(t.moduleId, t.videoLanguage)],
);

/** Additional content files; extracted_text (where extractable) feeds Siza's search. */
export const trainingFiles = pgTable(
  'training_files',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    moduleId: integer()
      .notNull()
      .references(() => trainingMaster.id, { onDelete: 'cascade' }),
    storedFileId: uuid()
      .notNull()
      .references(() => storedFiles.id),
    extractedText: text(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('training_files_module_file_unique').on(t.moduleId, t.storedFileId),
    index('training_files_stored_file_idx').on(t.storedFileId),
    index('training_files_search_idx').using('gin', sql`to_tsvector('english', coalesce(${t.extractedText}, ''))`),
  ],
);

/** One row per submitted assessment, with a snapshot of exactly what was asked. */
export const trainingUserAttemptIndex = pgTable(
  'training_user_attempt_index',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    moduleId: integer()
      .notNull()
      .references(() => trainingMaster.id),
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    /** An admin may turn a pass into a fail to force a retake. */
    pass: boolean().notNull(),
    percentage: numeric({ precision: 5, scale: 2 }).notNull(),
    /** Correct answers, out of max_marks questions asked. */
    marks: smallint().notNull(),
    maxMarks: smallint().notNull(),
    language: text(),
    moduleContentSnapshot: jsonb().notNull(),
    markedFailedBy: integer().references(() => usersMaster.id),
    markedFailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('training_user_attempt_user_idx').on(t.usersMasterId, t.moduleId, t.createdAt.desc()),
    index('training_user_attempt_module_idx').on(t.moduleId, t.createdAt.desc()),
    check('training_user_attempt_percentage', sql`${t.percentage} between 0 and 100`),
    check('training_user_attempt_marks', sql`${t.marks} between 0 and ${t.maxMarks}`),
  ],
);

/**
 * The questions the server drew for a user's next attempt, with the key (decision 028): the page
 * gets the texts only, and the submission is scored against this row, which it consumes. One draw
 * per user and module: a new draw (language change, Try Again) replaces the last.
 */
export const trainingAttemptDraws = pgTable(
  'training_attempt_draws',
  {
    id: uuid().primaryKey().defaultRandom(),
    moduleId: integer()
      .notNull()
      .references(() => trainingMaster.id, { onDelete: 'cascade' }),
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    language: text().notNull(),
    questions: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('training_attempt_draws_user_module_unique').on(t.usersMasterId, t.moduleId)],
);
