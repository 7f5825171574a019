/**
 * @module The page's stylesheet, inlined: system fonts only, the terminal's truecolor
 * palettes (by day Catppuccin Latte darkened until every text meets WCAG AA, 4.5:1, on
 * each background it sits on; Mocha by night, following `prefers-color-scheme`), one
 * column on phones and two from 60rem.
 */
import { PALETTES } from "../ansi/palettes.ts";

/** A palette colour as CSS: only inks with a 24-bit colour can be one. */
const css = (ink: { readonly colour: `#${string}` }): string => ink.colour;

// The accents are the terminal's truecolor palettes, so one table holds each colour.
const light = PALETTES.lightTruecolor;
const dark = PALETTES.darkTruecolor;

/**
 * The page's own colours in each scheme, beside the palettes' accents: the preview image
 * is drawn in the dark ones (`lib/preview/`).
 */
export const PAGE_COLOURS = {
  light: { bg: "#eff1f5", card: "#fff", text: "#4c4f69", sub: "#5c5f77", muted: "#60637a", name: "#4c4f69" },
  dark: {
    bg: "#181825",
    card: "#1e1e2e",
    text: "#cdd6f4",
    sub: "#bac2de",
    muted: "#9399b2",
    name: css(dark.name),
  },
} as const;
const L = PAGE_COLOURS.light;
const D = PAGE_COLOURS.dark;

const BASE = `
:root{color-scheme:light dark;
--bg:${L.bg};--card:${L.card};--line:#dce0e8;--track:#e6e9ef;--text:${L.text};--sub:${L.sub};--muted:${L.muted};
--accent:${css(light.accent)};--head:${css(light.heading)};--name:${L.name};--native:${css(light.name)};\
--years:${css(light.years)};--bar:${css(light.barFull)};--good:${css(light.good)};
--code-bg:#e6e9ef;--code:#4c4f69;--cmd:${css(light.command)};--on-badge:#fff;--shadow:0 1px 2px #4c4f6914,0 8px 24px #4c4f690d;
--mono:ui-monospace,"SF Mono","Cascadia Code","JetBrains Mono",Menlo,Consolas,"DejaVu Sans Mono",monospace;
--sans:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
@media (prefers-color-scheme:dark){:root{
--bg:${D.bg};--card:${D.card};--line:#313244;--track:#313244;--text:${D.text};--sub:${D.sub};--muted:${D.muted};
--accent:${css(dark.accent)};--head:${css(dark.heading)};--name:${D.name};--native:${css(dark.accent)};\
--years:${css(dark.years)};--bar:${css(dark.barFull)};--good:${css(dark.good)};
--code-bg:#11111b;--code:#cdd6f4;--cmd:${css(dark.command)};--on-badge:#11111b;--shadow:none}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:400 1rem/1.6 var(--sans);
-webkit-font-smoothing:antialiased}
a{color:var(--accent);text-underline-offset:.2em;text-decoration-thickness:1px}
a:hover{text-decoration-thickness:2px}
a:focus-visible{outline:2px solid var(--accent);outline-offset:2px;border-radius:3px}
h1,h2,h3,p,ul,ol,dl,pre{margin:0}
ul,ol{padding:0;list-style:none}
code,pre,.mono{font-family:var(--mono);font-size:.875em}
.wrap{max-width:72rem;margin:0 auto;padding:2.5rem 1rem 3rem}
.hero{padding:.5rem .25rem 2rem}
.who{display:flex;flex-wrap:wrap;align-items:baseline;gap:.4rem .9rem}
.hero h1{font-size:clamp(2rem,6vw,3.25rem);line-height:1.1;letter-spacing:-.02em;color:var(--name);font-weight:750;
overflow-wrap:anywhere}
.native{display:inline-block;font-size:.55em;font-weight:500;color:var(--native);letter-spacing:0;margin-left:.35em;
vertical-align:.2em}
.pronouns{font-size:.875rem;color:var(--sub);border:1px solid var(--line);border-radius:99px;padding:.05rem .65rem;
transform:translateY(-.35rem)}
.role{margin-top:.6rem;font-size:1.15rem;color:var(--sub)}
.clock{margin-top:.35rem;color:var(--muted);font-size:.95rem}
.clock time{color:var(--text);font-variant-numeric:tabular-nums}
.tagline{margin-top:1rem;max-width:42rem;font-size:1.125rem;color:var(--text);font-weight:500}
.bio{margin-top:.6rem;max-width:42rem;color:var(--sub)}
.reach{display:flex;flex-direction:column;align-items:flex-start;gap:1rem;margin-top:1.25rem}
.availability{display:flex;gap:.7rem;align-items:baseline;max-width:42rem;padding:.7rem 1rem;
border-radius:10px;background:var(--card);border:1px solid var(--line);box-shadow:var(--shadow)}
.availability b{font-weight:650;margin-right:.3rem}
.shell{display:inline-flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:baseline;
padding:.55rem .9rem;border-radius:10px;background:var(--code-bg);border:1px solid var(--line);max-width:100%}
.shell span{color:var(--muted);font-size:.9rem}
.grid{display:grid;gap:1rem;grid-template-columns:minmax(0,1fr)}
.column{display:grid;gap:1rem;align-content:start;min-width:0}
.card{background:var(--card);border:1px solid var(--line);border-radius:14px;padding:1.25rem 1.25rem 1.4rem;
box-shadow:var(--shadow);min-width:0}
.card h2{display:flex;align-items:center;gap:.6rem;margin-bottom:1rem;font:600 .8rem/1 var(--mono);
letter-spacing:.12em;text-transform:uppercase;color:var(--head)}
.card h2::after{content:"";flex:1;height:1px;background:var(--line)}
.card h3{font-size:1rem;font-weight:650}
.dot{flex:none;width:.6rem;height:.6rem;border-radius:50%;background:var(--good);box-shadow:0 0 0 3px #40a02b33;
transform:translateY(-.05rem)}
.now-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:.15rem 1.5rem;
margin-bottom:1.1rem}
.status{display:flex;gap:.6rem;align-items:baseline;font-weight:600}
.updated{margin-left:1.2rem;color:var(--muted);font-size:.875rem}
.live{margin:-.5rem 0 1.1rem 1.2rem;color:var(--sub)}
.live b{margin-right:.25rem;color:var(--text)}
.now-lists{display:grid;gap:1.1rem 1.75rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,13rem),1fr))}
.now-lists h3,.card .group{font-size:.8rem;text-transform:uppercase;letter-spacing:.08em;color:var(--muted);
margin-bottom:.35rem;font-weight:650}
.now-lists li{position:relative;padding-left:1rem;margin-top:.3rem}
.now-lists li::before{content:"";position:absolute;left:0;top:.75em;width:.4rem;height:2px;background:var(--accent)}
.books cite{font-style:italic}
.author{display:block;color:var(--sub);font-size:.875rem}
.declined li{padding-left:1.1rem}
.declined li::before{content:"×";top:0;width:auto;height:auto;background:none;color:var(--muted);font-weight:600}
.timeline>li{position:relative;padding:0 0 1.4rem 1.4rem;border-left:2px solid var(--line);margin-left:.35rem}
.timeline>li:last-child{padding-bottom:0;border-left-color:transparent}
.timeline>li::before{content:"";position:absolute;left:-.45rem;top:.3rem;width:.7rem;height:.7rem;border-radius:50%;
background:var(--card);border:2px solid var(--years)}
.years{font:600 .8rem/1.5 var(--mono);color:var(--years);letter-spacing:.02em}
.where{font:400 .85rem/1.5 var(--sans);color:var(--sub);letter-spacing:0}
.place{color:var(--accent);font-weight:500}
.timeline p:not(.years){margin-top:.2rem;font-size:.95rem}
.highlights{margin-top:.5rem}
.highlights li{position:relative;padding-left:1rem;margin-top:.3rem;color:var(--sub);font-size:.9rem;line-height:1.5}
.highlights li::before{content:"";position:absolute;left:.1rem;top:.6em;width:.3rem;height:.3rem;border-radius:50%;
background:var(--years)}
.card .group{margin:1.1rem 0 .2rem}
.card .group:first-child{margin-top:0}
.skills li{display:grid;grid-template-columns:minmax(6.5rem,9rem) minmax(0,1fr) 2rem;gap:.75rem;align-items:center;
padding:.3rem 0}
.skill{font-size:.95rem;overflow-wrap:anywhere}
.bar{height:.55rem;border-radius:99px;background:var(--track);overflow:hidden}
.fill{display:block;height:100%;border-radius:99px;background:var(--bar);transform-origin:left}
.level{font:500 .85rem/1 var(--mono);color:var(--muted);text-align:right;font-variant-numeric:tabular-nums}
.languages li{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;padding:.45rem 0;
border-bottom:1px solid var(--line)}
.languages li:first-child{padding-top:0}
.languages li:last-child{border-bottom:0;padding-bottom:0}
.languages .level{line-height:1.6}
.links{display:flex;flex-wrap:wrap;gap:.5rem}
.links a{display:inline-flex;flex-direction:column;padding:.5rem .85rem;border:1px solid var(--line);border-radius:10px;
text-decoration:none;min-width:0;max-width:100%}
.links a:hover{border-color:var(--accent)}
.links b{font-weight:600}
.links small{color:var(--muted);font-size:.8rem;overflow-wrap:anywhere}
.intro{color:var(--sub);margin-bottom:1rem;max-width:46rem}
.endpoints{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,21rem),1fr))}
.endpoints li{border:1px solid var(--line);border-radius:10px;padding:.75rem .85rem;min-width:0}
.ep{display:flex;flex-wrap:wrap;gap:.2rem .5rem;align-items:baseline}
.method{font:700 .7rem/1 var(--mono);letter-spacing:.06em;padding:.25rem .4rem;border-radius:5px;
color:var(--on-badge);background:var(--bar)}
.method.post{background:var(--years)}
.path{font-weight:600;color:var(--text);overflow-wrap:anywhere}
.summary{flex-basis:100%;color:var(--sub);font-size:.9rem}
pre.cmd{margin-top:.55rem;padding:.5rem .7rem;border-radius:8px;background:var(--code-bg);color:var(--cmd);
white-space:pre-wrap;overflow-wrap:anywhere;user-select:all;-webkit-user-select:all;cursor:text}
pre.cmd::before{content:"$ ";color:var(--muted);user-select:none;-webkit-user-select:none}
.shell code{color:var(--cmd);user-select:all;-webkit-user-select:all;overflow-wrap:anywhere}
footer{margin-top:2rem;color:var(--muted);font-size:.85rem;text-align:center}
@media (min-width:60rem){.wrap{padding:4rem 2rem}
.hero,.grid{display:grid;gap:1rem;grid-template-columns:minmax(0,1.35fr) minmax(0,1fr);align-items:start}
.hero{padding-bottom:2.5rem;align-items:end}.reach{margin-top:0;padding-left:.25rem}
#now,#try{grid-column:1/-1}
.card{padding:1.5rem 1.75rem 1.75rem}}
@media (max-width:30rem){.wrap{padding:1.5rem .75rem 2rem}.card{padding:1rem .9rem 1.1rem}
.endpoints li{border:0;padding:0}pre.cmd{font-size:.78rem;padding:.45rem .6rem}}
@media (prefers-reduced-motion:no-preference){.fill{animation:grow .6s ease-out both}}
@keyframes grow{from{transform:scaleX(0)}}
`;

/** The level classes the skill bars use (`.l82{width:82%}`): only those the page needs. */
function levelRules(levels: readonly number[]): string {
  const unique = [...new Set(levels)].sort((a, b) => a - b);
  return unique.map((level) => `.l${level}{width:${level}%}`).join("");
}

/** The whole stylesheet for a page whose skills have these levels. */
export function stylesheet(levels: readonly number[]): string {
  // Line breaks kept (a few bytes) so a style change reads as a small golden-file diff.
  return `${BASE.trim()}\n${levelRules(levels)}`;
}
