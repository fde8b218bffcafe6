#!/usr/bin/env node
// Checks every namespace of the web app: app/locales (namespace common) and
// features/<name>/locales (namespace <name>). Fails when any language misses a key of
// English, has a key English lacks, or leaves an English sentence untranslated (except
// the few entries allowed in i18n-allowlist.json, by language and key). Also fails when the
// source asks for a key, as a literal `t('…')`, that no English file has: the page would
// show the key itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web/src');
const features = path.join(web, 'features');
const NAMESPACES = [
  ['common', path.join(web, 'app/locales')],
  ...fs
    .readdirSync(features)
    .filter((f) => fs.existsSync(path.join(features, f, 'locales')))
    .map((f) => [f, path.join(features, f, 'locales')]),
];
const LANGUAGES = ['en', 'ja', 'ko', 'zh', 'pt', 'vi', 'th', 'es', 'fr', 'ru', 'de', 'it', 'tw'];
const allow = JSON.parse(fs.readFileSync(path.join(root, 'scripts/i18n-allowlist.json'), 'utf8'));

function flatten(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') flatten(child, name, out);
    else out.set(name, child);
  }
  return out;
}

function load(dir, lang) {
  const file = path.join(dir, `${lang}.json`);
  if (!fs.existsSync(file)) return null;
  return flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
}

// Words that carry meaning: placeholders, tickers and brand names do not need translating.
const hasWords = (text) =>
  /[A-Za-z]{3,}/.test(
    String(text)
      .replace(/\{\{\s*\w+\s*\}\}/g, '')
      .replace(/\b[A-Z0-9]{2,}\b/g, ''),
  );

const problems = [];
let total = 0;
const englishOf = new Map();
for (const [ns, dir] of NAMESPACES) {
  const english = load(dir, 'en');
  englishOf.set(ns, english ?? new Map());
  if (!english) problems.push(`${ns}: en.json is missing`);
  const extraFiles = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !LANGUAGES.includes(f.slice(0, -5)));
  for (const f of extraFiles) problems.push(`${ns}: ${f} is not one of the platform's languages`);

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    const messages = load(dir, lang);
    if (!messages) {
      problems.push(`${ns}: ${lang}.json is missing`);
      continue;
    }
    const allowed = new Set(allow[lang] ?? []);
    for (const [key, text] of english ?? []) {
      if (!messages.has(key)) problems.push(`${ns} ${lang}: missing ${key}`);
      else if (messages.get(key) === text && hasWords(text) && !allowed.has(key)) {
        problems.push(`${ns} ${lang}: ${key} is still English ("${text}")`);
      }
      const want = [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      const got = [...String(messages.get(key) ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort();
      if (messages.has(key) && want.join() !== got.join()) {
        problems.push(`${ns} ${lang}: ${key} has placeholders {${got}} but English has {${want}}`);
      }
    }
    for (const key of messages.keys()) {
      if (!english?.has(key)) problems.push(`${ns} ${lang}: extra key ${key}`);
    }
  }

  total += english?.size ?? 0;
}

// A key names a message, a plural's stem (`count_one`, `count_other`) or, passed to a
// component that looks up its children, an object of messages. A key without `ns:` is
// looked up in whichever namespaces the component's useTranslation names, which this does
// not follow: it must be in one of them.
const asked = (keys, key) =>
  keys.has(key) || [...keys.keys()].some((k) => k.startsWith(`${key}_`) || k.startsWith(`${key}.`));
const sources = fs
  .readdirSync(web, { recursive: true })
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
for (const file of sources) {
  const text = fs.readFileSync(path.join(web, file), 'utf8');
  for (const [, key] of text.matchAll(/\bt\(\s*['"]([^'"$`]+)['"]/g)) {
    const [ns, name] = key.includes(':') ? key.split(':') : [undefined, key];
    const found = ns
      ? asked(englishOf.get(ns) ?? new Map(), name)
      : [...englishOf.values()].some((keys) => asked(keys, name));
    if (!found) problems.push(`${file}: t('${key}') is in no English messages`);
  }
}

if (problems.length > 0) {
  console.error(`i18n:check found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `i18n:check: ${total} keys in ${NAMESPACES.length} namespaces (${NAMESPACES.map(([ns]) => ns).join(', ')}) present and translated in ${LANGUAGES.length} languages`,
);
