/**
 * GET /api/vcard: the owner's contact card as a vCard 4.0 file. A person at a terminal
 * gets a QR code of it to scan with a phone, and the command that saves the file.
 */
import { nameParts } from "../../lib/content/name-parts.ts";
import { documentBody, ok, textBody } from "../../lib/docs/responses.ts";
import { asksForVcard, renderVcard, vcardFileName } from "../../lib/formats/vcard.ts";
import { CACHE_CONTROL, CONTENT_TYPE } from "../../lib/http/headers.ts";
import { PreparedResponse } from "../../lib/http/prepared-response.ts";
import { renderContactCard } from "../../lib/profile/ansi/index.ts";
import { fixedText } from "../../lib/profile/text-answer.ts";
import { switchParameters } from "../../lib/profile/text-switches.ts";
import { defineRoute, type Site } from "../../lib/site/site.ts";

/** What a terminal shows, in outline: the QR code itself is too wide for an example. */
function textExample({ content }: Site, url: string): string {
  const { profile } = content;
  return `
  ${profile.name}
  ${profile.role}

  (a QR code of the card, in half blocks)

  ── Save the card as ${vcardFileName(profile)} ──
  curl -H 'Accept: text/vcard' -o ${vcardFileName(profile)} ${url}
`;
}

export const GET = defineRoute({
  detail: {
    summary: "The owner's contact card (vCard)",
    description:
      "A vCard 4.0 (RFC 6350) with the owner's name, role, organisation, email, city, time " +
      "zone and links, as a download (`Content-Disposition: attachment`). A terminal client " +
      "gets text instead: a QR code of the card drawn in half blocks (of the card's URL when " +
      "the card would not fit the width), which reads without colour too, and the command " +
      "that saves the file; it takes the switches of text answers (`?nocolor`, `?width=`, " +
      "`?theme=light` for blocks that are the dark modules, ...). `Accept: text/vcard` gets " +
      "the file, whoever asks.",
    tags: ["profile"],
    parameters: switchParameters(),
    responses: (site, path) => ({
      200: ok(
        "The vCard, or for terminals its QR code",
        {
          ...documentBody(
            CONTENT_TYPE.vcard,
            "A vCard 4.0: CRLF line ends, folded at 75 octets",
            renderVcard(site.content.profile, `${site.config.siteUrl}${path}`),
          ),
          ...textBody(textExample(site, `${site.config.siteUrl}${path}`)),
        },
        true,
      ),
    }),
  },
  setup(site, path) {
    const url = `${site.config.siteUrl}${path}`;
    const { profile } = site.content;
    const card = {
      name: profile.name,
      role: profile.role,
      organisation: profile.experience.find(({ end }) => end === null)?.organisation,
      vcard: renderVcard(profile, url),
      url,
      fileName: vcardFileName(profile),
      givenName: nameParts(profile).given,
    };
    const file = new PreparedResponse(card.vcard, {
      contentType: CONTENT_TYPE.vcard,
      cacheControl: CACHE_CONTROL.content,
      etag: true,
      headers: { "content-disposition": `attachment; filename="${card.fileName}"` },
    });
    const qrCode = fixedText(
      { cacheControl: CACHE_CONTROL.content, etag: true, url },
      ({ width, style, switches }) =>
        renderContactCard(card, { width, style, colour: switches.colour, theme: switches.theme }),
    );
    return function contactCard({ client, request }) {
      if (client.wants === "text" && !asksForVcard(request.headers.get("accept"))) return qrCode(request);
      return file.respond(request);
    };
  },
});
