import { ANNEXURE_SETS, type Annexure, annexureOf } from '@portal/domain/contracts/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

// The dealer agency agreement as a PDF (pdf-lib; DECISIONS "Contracts and finance", decision 034).
// The last page of the generated document is always the signature page, laid out at fixed places,
// so the built-in signer can write the typed name into the dealer's box without re-laying the
// document; the signed copy is the original pages unchanged plus that name and a signing
// certificate (the audit page) appended.

export const PRINCIPAL = {
  name: 'Portal Network Distribution (Pty) Ltd',
  registration: '2019/482716/07',
  address: '4th Floor, 22 Bree Street, Cape Town, 8001',
};

export interface ContractParty {
  contractId: number;
  documentName: string;
  dealerName: string;
  dealerCode: string;
  idNumber: string | null;
  address: string | null;
  email: string;
  /** The admin who generated it, named in the principal's box. */
  generatedBy: string;
  generatedAt: Date;
  productCodes: number[];
}

export interface SignatureDetails {
  signerName: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  /** SHA-256 (hex) of the original document's bytes. */
  documentSha256: string;
  sentTo: string;
  sentAt: Date;
}

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN = 60;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.42, 0.42, 0.46);
const ACCENT = rgb(0.05, 0.28, 0.55);
const RULE = rgb(0.78, 0.8, 0.84);

/** Where the dealer's signature goes on the signature page (the last page of the original). */
const DEALER_BOX = { x: MARGIN, y: 340, width: TEXT_WIDTH, height: 130 };

interface Section {
  heading: string;
  paragraphs: string[];
}

function agreementSections(party: ContractParty): Section[] {
  return [
    {
      heading: '1. Definitions',
      paragraphs: [
        '1.1 "Agreement" means this agency agreement together with its annexures, which form part of it.',
        '1.2 "Products" means the mobile, fibre and related connectivity products and services that the Principal makes available to the Dealer through the Dealer Portal from time to time.',
        '1.3 "Dealer Portal" means the Principal\'s online system through which the Dealer registers customers, captures sales, follows orders and views commission statements.',
        '1.4 "Commission" means the amounts payable to the Dealer for activated and paid-up sales of Products, calculated as set out in clause 4 and the annexures.',
        '1.5 "Structure" means the Dealer together with every agent recruited into the Dealer\'s downstream in the Dealer Portal.',
      ],
    },
    {
      heading: '2. Appointment',
      paragraphs: [
        '2.1 The Principal appoints the Dealer, on a non-exclusive basis, as an independent sales agent to market and sell the Products within the Republic of South Africa, and the Dealer accepts the appointment.',
        '2.2 The Dealer acts as an independent contractor. Nothing in this Agreement creates an employment relationship, partnership or joint venture. The Dealer may not bind the Principal to any obligation other than as expressly allowed in this Agreement.',
        `2.3 The Dealer is known in the Dealer Portal by dealer code ${party.dealerCode}, which must be used on every sale the Dealer captures.`,
      ],
    },
    {
      heading: "3. The Dealer's obligations",
      paragraphs: [
        '3.1 The Dealer will market the Products honestly, give customers accurate information about prices, contract terms and coverage, and capture every sale truthfully and completely in the Dealer Portal.',
        '3.2 The Dealer will register (RICA) every SIM card in accordance with the Regulation of Interception of Communications and Provision of Communication-Related Information Act, 2002, and the RICA terms published in the Dealer Portal.',
        '3.3 The Dealer will comply with the Consumer Protection Act, 2008, the Electronic Communications and Transactions Act, 2002, and the branding and conduct rules of the Principal and its network partners.',
        '3.4 The Dealer will complete the compulsory training modules in the Dealer Portal university before selling a Product and will keep their login details confidential.',
      ],
    },
    {
      heading: '4. Commission',
      paragraphs: [
        "4.1 The Principal will pay the Dealer commission on every sale captured under the Dealer's code that is activated by the network and paid for by the customer, at the rates published for the applicable deal in the Dealer Portal and as set out in the annexures to this Agreement.",
        '4.2 Commission is calculated per monthly commission period. The Principal will publish a commission statement in the Dealer Portal after each period is closed and pay the commission, less any amounts owed by the Dealer, into the bank account or eWallet the Dealer has registered, within 30 days after the period is closed.',
        '4.3 Commission paid on a sale that is later cancelled, reversed, found to be fraudulent or not paid for by the customer within 90 days may be recovered from future commission.',
        '4.4 All amounts are in South African Rand. Where the Dealer is registered for VAT, commission is paid against a valid tax invoice; otherwise amounts are inclusive of any VAT.',
      ],
    },
    {
      heading: '5. Term and termination',
      paragraphs: [
        "5.1 This Agreement starts on the date it is signed by the Dealer and continues until terminated by either party on 30 days' written notice to the other.",
        '5.2 The Principal may terminate this Agreement immediately on written notice if the Dealer commits fraud, registers SIM cards unlawfully, misrepresents the Products or materially breaches this Agreement and does not remedy the breach within 7 days of being asked to do so.',
        '5.3 On termination the Dealer will stop presenting themselves as an agent of the Principal. Commission earned on sales activated before termination remains payable, subject to clause 4.3.',
      ],
    },
    {
      heading: '6. Protection of personal information (POPIA)',
      paragraphs: [
        '6.1 In selling the Products the Dealer processes personal information of customers on behalf of the Principal as an operator, as defined in the Protection of Personal Information Act, 2013. The Dealer will process it only to complete the sale, application or registration the customer asked for, will keep it confidential and secure, and will not keep copies outside the Dealer Portal.',
        '6.2 The Dealer will tell the Principal immediately of any loss of, or unauthorised access to, personal information so that the Principal can notify the Information Regulator and the persons concerned.',
        "6.3 The Dealer consents to the Principal processing the Dealer's own personal, contact and banking information to administer this Agreement, pay commission and meet its legal obligations.",
      ],
    },
    {
      heading: '7. General',
      paragraphs: [
        '7.1 This Agreement is the whole agreement between the parties on its subject. No amendment is valid unless recorded in writing and accepted by both parties, which may be done electronically through the Dealer Portal.',
        '7.2 The parties agree that this Agreement may be concluded by electronic signature as contemplated in section 13 of the Electronic Communications and Transactions Act, 2002, and that the signing certificate attached to the signed copy is evidence of the signature.',
        '7.3 This Agreement is governed by the law of the Republic of South Africa. The parties choose their addresses above as their addresses for notices and legal proceedings.',
      ],
    },
  ];
}

const ANNEXURE_TERMS: Record<Annexure['kind'], string[]> = {
  reseller: [
    "The Dealer is appointed as a reseller of the Products in this network. Commission is earned on each activated and paid-up sale captured under the Dealer's own code, at the reseller rate of the applicable deal (user tier 1 to 4 as published in the Dealer Portal).",
    "The reseller rate applies from the first commission period after this annexure is signed and is reviewed at most once a quarter, with 30 days' notice of any change.",
  ],
  superDealer: [
    'The Dealer is appointed as a super dealer in this network and may recruit and manage resellers in their Structure. In addition to commission on their own sales, the Dealer earns an override on the activated and paid-up sales of their direct resellers, at the super dealer rate of the applicable deal.',
    'The super dealer is responsible for training, supporting and supervising the resellers they recruit and for ensuring that those resellers comply with this Agreement.',
  ],
  standardLeaderCommission: [
    'The Dealer earns standard leader commission on sales in their Structure, paid per leader level (levels 1 to 7) at the leader rates of the applicable deal in the Dealer Portal, for every level the Dealer has qualified for in the commission period.',
    'Leader commission is paid only while the Dealer holds active Trainer status and is not blocked from it, and only on sales in the Structure that are activated and paid up.',
  ],
  multipleTeams: [
    "The Dealer may onboard and lead more than one team in this network. For each commission period the Dealer earns a growth bonus of 1% (TL1%) of the commission earned on new activations by agents onboarded into the Dealer's teams in the previous six months.",
    'Agents are counted for the growth bonus only once they are approved and active in the Dealer Portal and have passed the compulsory training modules.',
  ],
};

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Standard fonts speak WinAnsi only: anything else becomes '?', never a thrown error mid-document. */
export function printable(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});
const timeFormat = new Intl.DateTimeFormat('en-ZA', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'Africa/Johannesburg',
});
export const longDate = (date: Date) => dateFormat.format(date);
const sastTime = (date: Date) => `${timeFormat.format(date)} SAST`;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  script: PDFFont;
  mono: PDFFont;
}

async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  return {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
    script: await pdf.embedFont(StandardFonts.TimesRomanBoldItalic),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
}

/** Generates the unsigned agreement: cover details, clauses, the chosen annexures, the signature page. */
export async function renderContract(party: ContractParty): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Dealer Agency Agreement - ${party.dealerName} (${party.dealerCode})`));
  pdf.setAuthor(PRINCIPAL.name);
  pdf.setSubject(printable(party.documentName));
  pdf.setCreator('Dealer Portal');
  pdf.setProducer('Dealer Portal');
  pdf.setCreationDate(party.generatedAt);
  pdf.setModificationDate(party.generatedAt);
  const fonts = await embedFonts(pdf);

  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
    // A running header on every page: who the agreement is with.
    page.drawText(printable(`Dealer Agency Agreement  |  ${party.dealerCode}  |  Contract ${party.contractId}`), {
      x: MARGIN,
      y: PAGE_HEIGHT - 36,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
    page.drawLine({
      start: { x: MARGIN, y: PAGE_HEIGHT - 42 },
      end: { x: PAGE_WIDTH - MARGIN, y: PAGE_HEIGHT - 42 },
      thickness: 0.5,
      color: RULE,
    });
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN + 20) newPage();
  };
  const write = (text: string, font: PDFFont, size: number, gapAfter: number, color = INK, indent = 0) => {
    for (const line of wrap(printable(text), font, size, TEXT_WIDTH - indent)) {
      ensure(size * 1.45);
      page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color });
      y -= size * 1.45;
    }
    y -= gapAfter;
  };
  const heading = (text: string) => {
    ensure(60);
    y -= 6;
    write(text, fonts.bold, 12, 4, ACCENT);
  };

  // --- Cover: title and parties
  newPage();
  y -= 20;
  write('DEALER AGENCY AGREEMENT', fonts.bold, 22, 4, ACCENT);
  write(`${party.documentName}`, fonts.regular, 11, 18, MUTED);
  write('between', fonts.italic, 10, 8, MUTED);
  write(PRINCIPAL.name, fonts.bold, 12, 2);
  write(`Registration number ${PRINCIPAL.registration}, of ${PRINCIPAL.address}`, fonts.regular, 10, 2);
  write('("the Principal")', fonts.regular, 10, 10);
  write('and', fonts.italic, 10, 8, MUTED);
  write(party.dealerName, fonts.bold, 12, 2);
  const dealerDetails = [
    `Dealer code ${party.dealerCode}`,
    party.idNumber ? `identity number ${party.idNumber}` : null,
    party.address ? `of ${party.address}` : null,
  ].filter(Boolean);
  write(dealerDetails.join(', '), fonts.regular, 10, 2);
  write(`E-mail ${party.email}`, fonts.regular, 10, 2);
  write('("the Dealer")', fonts.regular, 10, 14);

  const annexures = party.productCodes.map((code) => annexureOf(code)).filter((a): a is Annexure => !!a);
  write('This Agreement consists of the agency agreement below and the following annexures:', fonts.regular, 10, 4);
  annexures.forEach((annexure, index) => {
    write(
      `Annexure ${index + 1}: ${ANNEXURE_SETS[annexure.set]} - ${annexure.label} (product code ${annexure.code})`,
      fonts.regular,
      10,
      2,
      INK,
      14,
    );
  });
  y -= 10;
  write(
    `Prepared on ${longDate(party.generatedAt)} for electronic signature by the Dealer.`,
    fonts.italic,
    9,
    10,
    MUTED,
  );
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.75, color: RULE });
  y -= 12;

  for (const section of agreementSections(party)) {
    heading(section.heading);
    for (const paragraph of section.paragraphs) write(paragraph, fonts.regular, 10, 6);
  }

  annexures.forEach((annexure, index) => {
    newPage();
    y -= 8;
    write(`ANNEXURE ${index + 1}`, fonts.bold, 16, 2, ACCENT);
    write(`${ANNEXURE_SETS[annexure.set]} - ${annexure.label}`, fonts.bold, 12, 2);
    write(`Product code ${annexure.code}`, fonts.regular, 10, 12, MUTED);
    write(
      `This annexure forms part of the Dealer Agency Agreement between ${PRINCIPAL.name} and ${party.dealerName} (${party.dealerCode}) and applies to sales of Products in the network of ${ANNEXURE_SETS[annexure.set]}.`,
      fonts.regular,
      10,
      8,
    );
    ANNEXURE_TERMS[annexure.kind].forEach((paragraph, i) => {
      write(`${i + 1}. ${paragraph}`, fonts.regular, 10, 6);
    });
    write(
      'Where this annexure and the agreement differ, this annexure applies to the Products of this network.',
      fonts.italic,
      9,
      0,
      MUTED,
    );
  });

  // --- The signature page, always last and at fixed places (see DEALER_BOX).
  newPage();
  y -= 8;
  write('SIGNATURES', fonts.bold, 16, 10, ACCENT);
  write(
    'By signing below the Dealer confirms that they have read and understood this Agreement and its annexures, that the details above are correct and that they accept the Agreement.',
    fonts.regular,
    10,
    16,
  );
  const principalTop = 660;
  page.drawRectangle({
    x: MARGIN,
    y: principalTop - 130,
    width: TEXT_WIDTH,
    height: 130,
    borderColor: RULE,
    borderWidth: 1,
  });
  const box = (label: string, top: number) =>
    page.drawText(label, { x: MARGIN + 12, y: top - 22, size: 10, font: fonts.bold, color: ACCENT });
  box(`FOR THE PRINCIPAL: ${PRINCIPAL.name}`, principalTop);
  page.drawText(printable(`Approved for issue by ${party.generatedBy}, duly authorised`), {
    x: MARGIN + 12,
    y: principalTop - 60,
    size: 11,
    font: fonts.regular,
    color: INK,
  });
  page.drawText(printable(`Date: ${longDate(party.generatedAt)}    Place: Cape Town`), {
    x: MARGIN + 12,
    y: principalTop - 84,
    size: 10,
    font: fonts.regular,
    color: MUTED,
  });

  const d = DEALER_BOX;
  page.drawRectangle({ x: d.x, y: d.y, width: d.width, height: d.height, borderColor: RULE, borderWidth: 1 });
  box(printable(`THE DEALER: ${party.dealerName} (${party.dealerCode})`), d.y + d.height);
  page.drawLine({
    start: { x: d.x + 12, y: d.y + 50 },
    end: { x: d.x + 300, y: d.y + 50 },
    thickness: 0.75,
    color: MUTED,
  });
  page.drawText('Signature (full name typed by the Dealer)', {
    x: d.x + 12,
    y: d.y + 38,
    size: 8,
    font: fonts.regular,
    color: MUTED,
  });
  page.drawText('Date signed', { x: d.x + 330, y: d.y + 38, size: 8, font: fonts.regular, color: MUTED });
  page.drawLine({
    start: { x: d.x + 330, y: d.y + 50 },
    end: { x: d.x + d.width - 12, y: d.y + 50 },
    thickness: 0.75,
    color: MUTED,
  });

  const pages = pdf.getPages();
  pages.forEach((p, index) => {
    const label = `Page ${index + 1} of ${pages.length}`;
    p.drawText(label, {
      x: PAGE_WIDTH - MARGIN - fonts.regular.widthOfTextAtSize(label, 8),
      y: 30,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
    p.drawText('Initial: ________', { x: MARGIN, y: 30, size: 8, font: fonts.regular, color: MUTED });
  });
  return pdf.save();
}

/**
 * The signed copy: the original's pages untouched but for the typed name and date in the dealer's
 * box, and a signing certificate appended with the time, address, browser and the SHA-256 of the
 * original bytes (which the certificate's reader can recompute from the stored original).
 */
export async function renderSigned(
  original: Uint8Array,
  party: Pick<ContractParty, 'contractId' | 'documentName' | 'dealerName' | 'dealerCode'>,
  signature: SignatureDetails,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original);
  pdf.setModificationDate(signature.signedAt);
  const fonts = await embedFonts(pdf);
  const pages = pdf.getPages();
  const last = pages[pages.length - 1]!;
  const d = DEALER_BOX;
  const name = printable(signature.signerName);
  last.drawText(name, { x: d.x + 16, y: d.y + 56, size: 24, font: fonts.script, color: rgb(0.05, 0.16, 0.42) });
  last.drawText(longDate(signature.signedAt), {
    x: d.x + 334,
    y: d.y + 56,
    size: 11,
    font: fonts.regular,
    color: INK,
  });
  last.drawText(printable(`Signed electronically by ${signature.signerName} - see the signing certificate.`), {
    x: d.x + 12,
    y: d.y + 14,
    size: 8,
    font: fonts.italic,
    color: MUTED,
  });

  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const line = (text: string, font: PDFFont, size: number, gap: number, color = INK) => {
    for (const part of wrap(printable(text), font, size, TEXT_WIDTH)) {
      page.drawText(part, { x: MARGIN, y: y - size, size, font, color });
      y -= size * 1.45;
    }
    y -= gap;
  };
  line('SIGNING CERTIFICATE', fonts.bold, 18, 2, ACCENT);
  line('Audit trail of the electronic signature of this document', fonts.regular, 10, 16, MUTED);
  const rows: Array<[string, string, PDFFont?]> = [
    ['Document', party.documentName],
    ['Contract', `${party.contractId} - ${party.dealerName} (${party.dealerCode})`],
    ['Sent for signing', `${sastTime(signature.sentAt)} to ${signature.sentTo}`],
    ['Signed by (typed name)', signature.signerName],
    ['Signed at', `${sastTime(signature.signedAt)} (${signature.signedAt.toISOString()})`],
    ['IP address', signature.ip],
    ['Browser (user agent)', signature.userAgent || 'not given'],
    ['Original document SHA-256', signature.documentSha256, fonts.mono],
    [
      'Consent',
      'The signer ticked "I agree to sign this agreement electronically" and typed their full name as their signature, on a page reached by a single-use link e-mailed to the address above.',
    ],
    ['Method', 'Built-in signer of the Dealer Portal'],
  ];
  const labelWidth = 150;
  for (const [label, value, font] of rows) {
    const valueFont = font ?? fonts.regular;
    const size = font ? 7.5 : 10;
    const lines = wrap(printable(value), valueFont, size, TEXT_WIDTH - labelWidth);
    page.drawText(label, { x: MARGIN, y: y - 10, size: 9, font: fonts.bold, color: MUTED });
    lines.forEach((text, i) => {
      page.drawText(text, { x: MARGIN + labelWidth, y: y - 10 - i * 14, size, font: valueFont, color: INK });
    });
    y -= Math.max(1, lines.length) * 14 + 10;
    page.drawLine({
      start: { x: MARGIN, y: y + 4 },
      end: { x: PAGE_WIDTH - MARGIN, y: y + 4 },
      thickness: 0.5,
      color: RULE,
    });
  }
  y -= 10;
  line(
    `The SHA-256 above is of the document as generated and sent, before this certificate and the signature were added (pages 1 to ${pages.length}). Recompute it from the original kept by the Principal to confirm the document was not changed.`,
    fonts.italic,
    9,
    0,
    MUTED,
  );
  page.drawText(`Signing certificate - page ${pages.length + 1}`, {
    x: PAGE_WIDTH - MARGIN - fonts.regular.widthOfTextAtSize(`Signing certificate - page ${pages.length + 1}`, 8),
    y: 30,
    size: 8,
    font: fonts.regular,
    color: MUTED,
  });
  return pdf.save();
}
