/**
 * @module The event stream's script for the page (its route's `pageScript`): it keeps the
 * live status current (the owner's clock, the latest activity) from the event stream while
 * the page is looked at, writing text only, never markup. Without it, or without
 * JavaScript, the page shows the status as it was drawn, as it always did.
 */

/** Where it listens: the event stream's route. */
export const EVENTS_PATH = "/api/events";

export const LIVE_SCRIPT = `// Keeps the live status current from ${EVENTS_PATH}; the page reads the same without it.
const clock = document.querySelector('[data-live="clock"]');
const activity = document.querySelector('[data-live="activity"]');
const element = (name, text, className) => {
  const made = document.createElement(name);
  made.textContent = text;
  if (className) made.className = className;
  return made;
};
const activityLine = ({ source, text, url, happenedAt, ago, checked }) => {
  const line = element("p", "", "live");
  const linked = /^https?:\\/\\//.test(url) ? Object.assign(element("a", text), { href: url }) : element("span", text);
  line.append(element("b", source), " ", linked);
  if (ago) line.append(" · ", Object.assign(element("time", ago), { dateTime: happenedAt }));
  if (checked) line.append(\` · \${checked}\`);
  return line;
};
const show = (event) => {
  const status = JSON.parse(event.data);
  if (clock) clock.textContent = \`\${status.localTime.weekday} \${status.localTime.time}\`;
  if (activity) activity.replaceChildren(...status.activity.map(activityLine));
};
// A page nobody looks at holds no stream: closed while hidden, and after the stream's own
// end (its time up), until the page is looked at again.
let source = null;
const listen = () => {
  if (source && source.readyState !== EventSource.CLOSED) return;
  source = new EventSource("${EVENTS_PATH}");
  source.addEventListener("status", show);
  source.addEventListener("end", () => source.close());
};
document.addEventListener("visibilitychange", () => (document.hidden ? source?.close() : listen()));
if (!document.hidden) listen();
`;
