import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

// The two terms documents the Edit Profile dialog links to (spec 1 §2.5: 'RICA/POPIA terms with
// links to two PDF documents'). Made once with pdf-lib on first request and kept in memory.

export interface TermsDocument {
  title: string;
  subtitle: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export const RICA_TERMS: TermsDocument = {
  title: 'RICA Terms for Agents',
  subtitle: 'Regulation of Interception of Communications and Provision of Communication-Related Information Act, 2002',
  sections: [
    {
      heading: '1. Purpose',
      paragraphs: [
        'These terms set out what you, as an agent of the network, must do when you register (RICA) a SIM card for a customer. Every SIM card sold or handed out in South Africa must be registered to the person who will use it before it can be activated.',
        'By ticking "I Agree" on your profile you confirm that you have read these terms, that you understand them and that you will follow them every time you register a SIM card.',
      ],
    },
    {
      heading: '2. Identifying the customer',
      paragraphs: [
        'Register a SIM card only for the customer standing in front of you. Ask for the original of a valid identity document: a green barcoded ID book, a smart ID card, or a valid passport for foreign nationals. Copies, photos of documents and expired documents are not accepted.',
        'Check that the photo matches the customer and that the name, surname and identity number you capture are exactly as they appear on the document.',
        "Capture the customer's residential address (not a post box). Where the customer cannot show proof of address, record the address the customer gives you as the Act allows.",
      ],
    },
    {
      heading: '3. Capturing the registration',
      paragraphs: [
        "Use only the RICA form in the portal or the network's approved RICA application, signed in with your own RICA username. Never share your username, password or one-time pins with anyone.",
        "Capture the full SIM number (ICCID) printed on the SIM card pack and check it before you submit. Never register a SIM card in your own name, or in another person's name, on behalf of a customer.",
        'Keep the result of every registration. If a registration fails, correct the details and submit again, or refer the customer to a network store.',
      ],
    },
    {
      heading: '4. What is not allowed',
      paragraphs: [
        'Selling or handing out pre-registered SIM cards, registering SIM cards with made-up or borrowed identity details, and registering SIM cards in bulk without the customers present are criminal offences under the Act.',
        'An agent who breaks these rules will be deactivated on the portal, may lose unpaid commission on the affected sales and may be reported to the network operator and the South African Police Service. The Act provides for fines and imprisonment.',
      ],
    },
    {
      heading: '5. Records and audits',
      paragraphs: [
        'The network and the operators may audit registrations made under your username at any time. Co-operate with any audit and keep the documents you are asked to keep safe and confidential.',
        'Report a lost SIM card pack, a stolen device used for registrations or any suspected misuse of your username to your leader and to support immediately.',
      ],
    },
  ],
};

export const POPIA_TERMS: TermsDocument = {
  title: 'POPIA Terms for Agents',
  subtitle: 'Protection of Personal Information Act, 2013',
  sections: [
    {
      heading: '1. Purpose',
      paragraphs: [
        'In your work as an agent you collect personal information of customers: names, identity numbers, addresses, phone numbers, e-mail addresses and, for some products, banking details. The Protection of Personal Information Act (POPIA) says how this information may be collected, used, kept and shared.',
        'By ticking "I Agree" on your profile you confirm that you have read these terms and that you will handle personal information as they require.',
      ],
    },
    {
      heading: '2. Collect only what is needed',
      paragraphs: [
        'Collect only the information a sale, an application or a SIM registration needs, and only directly from the customer. Tell the customer why you collect it and who will receive it (the network and the supplier of the product).',
        "Ask for the customer's consent before you capture their details, and never pressure a customer to give more than is needed.",
      ],
    },
    {
      heading: '3. Use it only for its purpose',
      paragraphs: [
        'Use customer information only to complete the sale, application or registration the customer asked for. Do not use it for your own marketing, do not sell it and do not pass it to anyone outside the network and the supplier.',
        'Do not contact customers for other products unless they have agreed to it.',
      ],
    },
    {
      heading: '4. Keep it safe',
      paragraphs: [
        "Capture customer information only in the portal or in the supplier's approved systems. Do not keep copies of identity documents, application forms or customer lists on your phone, in chat groups, in e-mail or on paper.",
        'Never share customer identity numbers, documents or banking details in WhatsApp or other chat groups, on social media or with other agents.',
        'Lock your phone and computer, keep your portal password to yourself and sign out on shared devices.',
      ],
    },
    {
      heading: '5. Breaches and requests',
      paragraphs: [
        'If customer information is lost, stolen or seen by someone who should not see it, report it to support at once, so the network can inform the Information Regulator and the affected customers as the Act requires.',
        'A customer may ask what information is held about them, ask for it to be corrected or deleted, or object to its use. Refer such requests to support; do not handle them yourself.',
      ],
    },
    {
      heading: '6. Your own information',
      paragraphs: [
        'The network keeps your own personal and banking information to manage your account, pay your commission and meet its legal duties. You can see and update it on your profile, except while a commission period is being finalised.',
        'Breaking these terms may lead to deactivation of your account and to action under the Act, which provides for fines and imprisonment.',
      ],
    },
  ],
};

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;

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

/** Lays the document out over as many A4 pages as it needs. */
export async function renderTerms(terms: TermsDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(terms.title);
  pdf.setAuthor('Dealer Portal');
  pdf.setSubject(terms.subtitle);
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE_WIDTH - 2 * MARGIN;

  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const write = (text: string, font: PDFFont, size: number, gapAfter: number, color = rgb(0.1, 0.1, 0.1)) => {
    for (const line of wrap(text, font, size, width)) {
      if (y - size < MARGIN) {
        page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
        y = PAGE_HEIGHT - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y: y - size, size, font, color });
      y -= size * 1.4;
    }
    y -= gapAfter;
  };

  write(terms.title, bold, 20, 6);
  write(terms.subtitle, regular, 10, 16, rgb(0.35, 0.35, 0.35));
  for (const section of terms.sections) {
    write(section.heading, bold, 13, 4);
    for (const paragraph of section.paragraphs) write(paragraph, regular, 11, 8);
    y -= 6;
  }
  pdf.getPages().forEach((each, index, pages) => {
    each.drawText(`${terms.title} - page ${index + 1} of ${pages.length}`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: rgb(0.5, 0.5, 0.5),
    });
  });
  return pdf.save();
}

const cache = new Map<TermsDocument, Promise<Uint8Array>>();

/** The rendered document, made once per process. */
export function termsPdf(terms: TermsDocument): Promise<Uint8Array> {
  let pending = cache.get(terms);
  if (!pending) {
    pending = renderTerms(terms);
    pending.catch(() => cache.delete(terms));
    cache.set(terms, pending);
  }
  return pending;
}
