/**
 * @module The contact card `/api/vcard` shows a person at a terminal: who, a QR code a
 * phone can scan into its address book, and the command that saves the card as a file.
 *
 * The code holds the whole vCard when it fits the width (at error correction L: the
 * screen is a clean print, and a denser level would need a wider terminal); otherwise the
 * card's URL (at M), which a phone opens to download the same card; otherwise none, and
 * the width that would show one.
 */

import { wrap, wrapRuns } from "../../utils/width.ts";
import { commandLines } from "./command.ts";
import type { Theme } from "./palettes.ts";
import { FRAME_MARGIN, framed, heading, insideFrame } from "./parts.ts";
import { drawnWidth, drawQr, qrMatrix } from "./qr.ts";
import { monochrome, type Style } from "./style.ts";

export interface ContactCard {
  readonly name: string;
  readonly role: string;
  readonly organisation: string | undefined;
  /** The vCard itself, as `/api/vcard` sends it. */
  readonly vcard: string;
  /** Where the card is served. */
  readonly url: string;
  readonly fileName: string;
  /** Whose card, in "Scan to add <given name> to your contacts". */
  readonly givenName: string;
}

export interface CardDrawing {
  readonly width: number;
  readonly style: Style;
  /** Colour on: the code is painted black and white. */
  readonly colour: boolean;
  readonly theme: Theme;
}

/** What the code holds, and what the reader is told about it. */
function chooseCode(card: ContactCard, inner: number) {
  const whole = qrMatrix(card.vcard, "L");
  if (drawnWidth(whole) <= inner) {
    return { matrix: whole, caption: `Scan to add ${card.givenName} to your contacts:` };
  }
  const wholeWidth = drawnWidth(whole) + FRAME_MARGIN;
  const address = qrMatrix(card.url, "M");
  if (drawnWidth(address) <= inner) {
    return {
      matrix: address,
      caption: `Scan to download the card (with ?width=${wholeWidth}, the code holds the card itself):`,
    };
  }
  return {
    matrix: undefined,
    caption: `Too narrow for a QR code: ?width=${drawnWidth(address) + FRAME_MARGIN} draws one.`,
  };
}

/** The card, at most `drawing.width` visible columns a line (with a QR code only when it fits). */
export function renderContactCard(card: ContactCard, drawing: CardDrawing): string {
  const s = drawing.style;
  const inner = insideFrame(drawing.width);
  const { matrix, caption } = chooseCode(card, inner);
  const inkIsDark = drawing.theme === "light";
  const paint = drawing.colour ? monochrome(inkIsDark) : (line: string) => line;
  // Each option with its value: a line breaks between them, never inside one.
  const save = ["curl", "-H 'Accept: text/vcard'", `-o ${card.fileName}`, card.url];
  const lines = [
    "",
    ...wrap(card.name, inner).map((line) => s.name(line)),
    ...wrapRuns(
      [
        { text: card.role, draw: s.value },
        ...(card.organisation
          ? [
              { text: "·", draw: s.muted },
              { text: card.organisation, draw: s.accent },
            ]
          : []),
      ],
      inner,
    ),
    "",
    ...wrap(caption, inner).map((line) => s.muted(line)),
    ...(matrix ? ["", ...drawQr(matrix, inkIsDark).map(paint)] : []),
    "",
    heading(`Save the card as ${card.fileName}`, inner, s),
    ...commandLines(save, inner, s),
    "",
  ];
  return framed(lines);
}
