import { and, eq, inArray } from 'drizzle-orm';
import { saveUpload } from '../../modules/files/files.service.ts';
import { askSiza } from '../../modules/siza/siza.service.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { Executor } from '../client.ts';
import { storedFiles, trainingFiles, trainingMaster, type usersMaster } from '../schema/index.ts';

// Siza's demo (decision 030): a training file whose text Siza searches, and a few questions the
// demo agent already asked, answered by Siza itself so the dialog opens on a real conversation.

/** A module's additional content file with the text Siza searches (tests and the demo). */
export async function createTrainingFile(
  db: Executor,
  input: { moduleId: number; extractedText: string; originalName?: string; storedFileId?: string },
) {
  let storedFileId = input.storedFileId;
  if (!storedFileId) {
    const id = crypto.randomUUID();
    const [file] = await db
      .insert(storedFiles)
      .values({
        id,
        storageKey: `training_file/${id}.pdf`,
        originalName: input.originalName ?? 'guide.pdf',
        contentType: 'application/pdf',
        sizeBytes: 0,
        sha256: '',
        purpose: 'training_file',
      })
      .returning({ id: storedFiles.id });
    storedFileId = file!.id;
  }
  const [row] = await db
    .insert(trainingFiles)
    .values({ moduleId: input.moduleId, storedFileId, extractedText: input.extractedText })
    .returning();
  return row!;
}

const FIBRE_GUIDE = [
  'Metro Fibre installation guide for dealers.',
  'Before you sell, run the coverage check with the customer’s full street address: only addresses shown as "Live" can be installed.',
  'After the order is paid the installer phones the customer within 2 working days to book an installation window.',
  'Installation usually takes 2 to 4 hours; the customer or another adult must be home.',
  'The router is free on a 24-month contract and stays the property of Metro Fibre.',
  'If the installer cannot reach the customer three times the order goes back to the dealer as "Unreachable".',
].join(' ');

/** A one-page PDF whose text is the guide (the file the learner downloads). */
function guidePdf(text: string): Buffer {
  const escaped = text.slice(0, 90).replace(/[()\\]/g, '');
  const stream = `BT /F1 12 Tf 40 780 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type DemoUser = typeof usersMaster.$inferSelect;

export async function seedSiza(
  db: Executor,
  people: { admin: DemoUser; agent: DemoUser },
  storage: FileStorage | undefined,
  today: Date,
) {
  const modules = await db
    .select({ id: trainingMaster.id, name: trainingMaster.moduleName })
    .from(trainingMaster)
    .where(and(inArray(trainingMaster.moduleName, ['Selling Metro Fibre']), eq(trainingMaster.isDeleted, false)));
  const fibre = modules[0];
  if (fibre) {
    const file = storage
      ? await saveUpload({
          db,
          storage,
          data: guidePdf(FIBRE_GUIDE),
          originalName: 'Metro Fibre installation guide.pdf',
          purpose: 'training_file',
          ownerUserId: people.admin.id,
          uploadedByUserId: people.admin.id,
        })
      : undefined;
    await createTrainingFile(db, {
      moduleId: fibre.id,
      extractedText: FIBRE_GUIDE,
      originalName: 'Metro Fibre installation guide.pdf',
      ...(file ? { storedFileId: file.id } : {}),
    });
  }
  // Asked over the last few days, answered from the passages (no language model in the demo).
  const questions = [
    { daysAgo: 3, question: 'What must a customer show to RICA a SIM?' },
    { daysAgo: 2, question: 'How long does a fibre installation take?' },
    { daysAgo: 1, question: 'Which package suits a family that streams video?' },
  ];
  for (const { daysAgo, question } of questions) {
    const at = new Date(today.getTime() - daysAgo * 86_400_000 + 10 * 3_600_000);
    await askSiza(
      { db, clock: { now: () => at }, rephraser: null, questionsPerHour: Number.MAX_SAFE_INTEGER },
      people.agent,
      question,
    );
  }
}
