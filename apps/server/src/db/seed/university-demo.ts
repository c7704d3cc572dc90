import { saveUpload } from '../../modules/files/files.service.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { Executor } from '../client.ts';
import { createTrainingModule, type NewTrainingModule, recordAttempts } from './activity-factories.ts';

// The university's demo (decision 028): modules across suppliers and product types with questions
// in English and isiZulu, a leader module, a file to download, and attempts for the demo agent
// (passes and one fail) and a share of the network, so the list, the progress card and the
// statuses show real figures on a fresh start.

type Option = { text: string; is_correct: boolean };
const q = (question: string, right: string, wrong: string[], language = 'English') => ({
  question,
  language,
  maxOptions: 3,
  options: [{ text: right, is_correct: true }, ...wrong.map((text): Option => ({ text, is_correct: false }))],
});

/** A small valid PDF (one page of text), so the download opens in any viewer. */
function pdfWith(text: string): Buffer {
  const stream = `BT /F1 18 Tf 60 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
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

export interface UniversityDemoInput {
  suppliers: { metro: { id: number }; kasi: { id: number }; coast: { id: number } };
  productTypes: { fibre: { id: number }; mobile: { id: number } };
  admin: { id: number };
  agent: { id: number };
  /** Active, non-admin users who get a realistic spread of attempts. */
  learners: Array<{ id: number }>;
  chance: (p: number) => boolean;
  storage?: FileStorage;
}

export async function seedUniversity(db: Executor, input: UniversityDemoInput): Promise<void> {
  const { suppliers, productTypes: types } = input;
  let fileIds: string[] = [];
  if (input.storage) {
    const file = await saveUpload({
      db,
      storage: input.storage,
      data: pdfWith('Metro Fibre installation checklist'),
      originalName: 'metro-fibre-installation-checklist.pdf',
      purpose: 'training_file',
      uploadedByUserId: input.admin.id,
    });
    fileIds = [file.id];
  }
  const modules: Array<NewTrainingModule & { key: string }> = [
    {
      key: 'installs',
      moduleName: 'Fibre installations step by step',
      moduleDescription: 'From the coverage check to the router on the wall: what the customer can expect.',
      moduleCategory: 'Product',
      supplierIds: [suppliers.metro.id],
      productTypeIds: [types.fibre.id],
      marks: 3,
      passThreshold: 60,
      videos: [
        { link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', language: 'English' },
        { link: 'aqz-KE-bpKQ', language: 'isiZulu' },
      ],
      fileIds,
      questions: [
        q('How long does a standard installation take after the survey?', '5 to 10 working days', [
          'Same day',
          '3 months',
        ]),
        q('What must be checked before the order is captured?', 'Coverage at the address', [
          'The customer’s car',
          'Nothing',
        ]),
        q('Who installs the router?', 'The supplier’s technician', ['The agent', 'The customer’s neighbour']),
        q('What does the customer sign at installation?', 'The installation sheet', ['A loan agreement', 'Nothing']),
        q('Where is the ONT placed?', 'Near a power point inside', ['On the roof', 'In the street']),
        q(
          'Kuthatha isikhathi esingakanani ukufaka i-fibre?',
          'Izinsuku zokusebenza ezi-5 kuya kwezi-10',
          ['Usuku olulodwa', 'Izinyanga ezi-3'],
          'isiZulu',
        ),
        q(
          'Yini okufanele ihlolwe kuqala?',
          'Ukufinyelela kwenethiwekhi ekhelini',
          ['Imoto yekhasimende', 'Akukho'],
          'isiZulu',
        ),
        q('Ubani ofaka i-router?', 'Uchwepheshe womhlinzeki', ['I-ejenti', 'Umakhelwane'], 'isiZulu'),
      ],
    },
    {
      key: 'sim',
      moduleName: 'Kasi Mobile SIM deals',
      moduleDescription: 'Prepaid and contract SIM deals, porting a number and the RICA steps.',
      moduleCategory: 'Product',
      supplierIds: [suppliers.kasi.id],
      productTypeIds: [types.mobile.id],
      marks: 3,
      passThreshold: 70,
      videos: [{ link: 'aqz-KE-bpKQ', language: 'English' }],
      questions: [
        q('How long does a number port usually take?', 'About 48 hours', ['Five minutes', 'Six weeks']),
        q('What does a customer need to port?', 'The SIM and ID, with the number active', [
          'A utility bill only',
          'Nothing',
        ]),
        q('Which deal suits a light user?', 'A prepaid starter bundle', ['The top contract', 'A fibre line']),
        q('May a SIM be sold without RICA?', 'No', ['Yes', 'Only on weekends']),
        q(
          'Kuthatha isikhathi esingakanani ukudlulisa inombolo?',
          'Cishe amahora angama-48',
          ['Imizuzu emihlanu', 'Amasonto ayisithupha'],
          'isiZulu',
        ),
        q('Ingabe i-SIM ingathengiswa ngaphandle kwe-RICA?', 'Cha', ['Yebo', 'Ngezimpelasonto kuphela'], 'isiZulu'),
        q(
          'Yisiphi isivumelwano esifanele umsebenzisi omncane?',
          'Iphakheji yokuqala ekhokhelwa kuqala',
          ['Inkontileka enkulu', 'Ulayini we-fibre'],
          'isiZulu',
        ),
      ],
    },
    {
      key: 'coast',
      moduleName: 'Coast Connect coverage and pricing',
      moduleDescription: 'Where Coast Connect is live and how its monthly prices compare.',
      moduleCategory: 'Product',
      supplierIds: [suppliers.coast.id],
      marks: 2,
      passThreshold: 100,
      videos: [{ link: 'aqz-KE-bpKQ', language: 'English' }],
      questions: [
        q('Which region does Coast Connect serve?', 'The coastal metros', ['Only Gauteng', 'Nowhere yet']),
        q('Are installation fees included?', 'Yes, on a 24-month term', ['Never', 'Only for businesses']),
        q('What speed is the entry package?', '25 Mbps', ['1 Gbps', '2 Mbps']),
      ],
    },
    {
      key: 'care',
      moduleName: 'Customer care and complaints',
      moduleDescription: 'Listening, logging a ticket and following up until the customer is happy.',
      moduleCategory: 'Customer Care',
      marks: 3,
      passThreshold: 60,
      videos: [{ link: 'aqz-KE-bpKQ', language: 'English' }],
      questions: [
        q('Where do you log a supplier problem?', 'Agent Support, on the supplier’s page', ['WhatsApp', 'Nowhere']),
        q('What do you do first with an angry customer?', 'Listen and acknowledge the problem', ['Argue', 'Hang up']),
        q('When is a ticket closed?', 'When the customer’s problem is solved', ['After a day', 'When you are tired']),
        q(
          'Ulungisa kanjani inkinga yekhasimende?',
          'Lalela bese ubhala ithikithi',
          ['Phikisana', 'Vala ucingo'],
          'isiZulu',
        ),
        q('Ithikithi livalwa nini?', 'Uma inkinga ixazululiwe', ['Ngemuva kosuku', 'Uma ukhathele'], 'isiZulu'),
        q('Ubhalisa kuphi inkinga yomhlinzeki?', 'Ku-Agent Support', ['Ku-WhatsApp', 'Akukho ndawo'], 'isiZulu'),
      ],
    },
    {
      key: 'popia',
      moduleName: 'POPIA in daily selling',
      moduleDescription: 'Keeping customer documents private on your phone and in the portal.',
      moduleCategory: 'Compliance',
      marks: 2,
      passThreshold: 100,
      videos: [{ link: 'aqz-KE-bpKQ', language: 'English' }],
      questions: [
        q('Where may you keep a customer’s ID copy?', 'Only in the portal upload', [
          'In a WhatsApp group',
          'On social media',
        ]),
        q('Who may see a customer’s documents?', 'Staff who process the order', ['Anyone who asks', 'Your friends']),
        q('What do you do with paper copies?', 'Hand them in or shred them', [
          'Keep them in your car',
          'Throw them away whole',
        ]),
      ],
    },
    {
      key: 'coaching',
      moduleName: 'Coaching new agents',
      moduleDescription: 'The first month of a new agent: targets, shadowing and weekly check-ins.',
      moduleCategory: 'Leadership',
      trainingTypes: 3,
      refsStructureLevelId: 1,
      marks: 2,
      passThreshold: 60,
      videos: [{ link: 'aqz-KE-bpKQ', language: 'English' }],
      questions: [
        q('How often should you check in with a new agent?', 'Weekly', ['Yearly', 'Never']),
        q('What is shadowing?', 'The new agent joins your sales visits', [
          'Following customers home',
          'Working at night',
        ]),
        q('What do you agree on in week one?', 'Realistic first-month targets', ['Your commission split', 'Nothing']),
      ],
    },
  ];
  const ids: Record<string, number> = {};
  for (const { key, ...module } of modules) ids[key] = (await createTrainingModule(db, module)).id;

  // The demo agent: installs passed after a fail, SIM deals passed, customer care failed once;
  // Coast and POPIA not started (so the card shows 101 and the Do training warning).
  const agent = input.agent.id;
  await recordAttempts(db, ids.installs!, [
    { userId: agent, pass: false, marks: 1, maxMarks: 3 },
    { userId: agent, pass: true, marks: 3, maxMarks: 3 },
  ]);
  await recordAttempts(db, ids.sim!, [{ userId: agent, pass: true, marks: 3, maxMarks: 3 }]);
  await recordAttempts(db, ids.care!, [{ userId: agent, pass: false, marks: 1, maxMarks: 3 }]);
  // The rest of the network: about half have worked through each module.
  for (const key of ['installs', 'sim', 'care', 'popia'] as const) {
    await recordAttempts(
      db,
      ids[key]!,
      input.learners
        .filter((user) => user.id !== agent && input.chance(0.5))
        .flatMap((user) =>
          input.chance(0.25)
            ? [
                { userId: user.id, pass: false, marks: 0, maxMarks: 3 },
                { userId: user.id, pass: true, marks: 3, maxMarks: 3 },
              ]
            : [{ userId: user.id, pass: input.chance(0.85), marks: 2, maxMarks: 3 }],
        ),
    );
  }
}
