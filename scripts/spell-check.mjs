// Spelling: every text a user reads in the exam bank (questions, answers, explanations) and in the web app's
// messages (apps/web/src/locales), checked with Hunspell: English against en_US (American spelling: "licence"
// and "colour" are errors), Russian against ru_RU (with en_US for the Latin names and abbreviations a Russian
// text keeps: JFK, TLC, FHV). Words the dictionaries do not know but the product uses on purpose (place names,
// transliterations, brands, terms) are in the project word lists scripts/spelling/words.{en,ru}.txt, one
// word per line; a line "*word" forbids a word the dictionary would accept.
//   node scripts/spell-check.mjs          check; exit 1 with each unknown word and where it is
//   node scripts/spell-check.mjs --list   print only the unknown words (to review before adding them)
// Hunspell and its dictionaries are Debian packages: installed here as root when missing (as the e2e step
// installs Chromium), otherwise the check stops with the one command to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const PACKAGES = ['hunspell', 'hunspell-en-us', 'hunspell-ru'];
const DICTIONARIES = ['/usr/share/hunspell/en_US.dic', '/usr/share/hunspell/ru_RU.dic'];
const LANGS = {
  en: { dictionaries: 'en_US', words: join(ROOT, 'scripts/spelling/words.en.txt') },
  ru: { dictionaries: 'ru_RU,en_US', words: join(ROOT, 'scripts/spelling/words.ru.txt') },
};

function hunspellReady() {
  return spawnSync('hunspell', ['-v'], { stdio: 'ignore' }).status === 0 && DICTIONARIES.every((d) => existsSync(d));
}

if (!hunspellReady()) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`spelling: installing Debian's ${PACKAGES.join(', ')}: apt-get install -y ${PACKAGES.join(' ')}`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (!hunspellReady()) {
    console.error(
      `\nThe spelling check needs Hunspell with its English and Russian dictionaries.\nInstall them with:\n\n    sudo apt-get install -y ${PACKAGES.join(' ')}\n`,
    );
    process.exit(1);
  }
}

/** Message keys whose values are identifiers, not text (a section's anchor, a source's key, an address). */
const NOT_TEXT_KEYS = new Set(['id', 'source', 'href', 'url', 'path']);

/** [where, text] pairs of one language. */
function textsOf(lang) {
  const out = [];
  const bank = JSON.parse(readFileSync(join(ROOT, 'packages/db/seed-data/exam-questions.json'), 'utf8'));
  for (const q of bank.questions) {
    out.push([`exam ${q.id} question`, q.question[lang]]);
    q.answers.forEach((a, i) => out.push([`exam ${q.id} answer ${i + 1}`, a[lang]]));
    out.push([`exam ${q.id} explanation`, q.explanation[lang]]);
  }
  const dir = join(ROOT, 'apps/web/src/locales', lang);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const walk = (value, key) => {
      const last = key.split('.').at(-1) ?? '';
      if (typeof value === 'string') {
        if (!NOT_TEXT_KEYS.has(last)) out.push([`${lang}/${file}:${key}`, value]);
      } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
    };
    walk(JSON.parse(readFileSync(join(dir, file), 'utf8')), '');
  }
  return out;
}

/** What Hunspell should not see: placeholders, tags, addresses, codes with digits, Russian ordinal endings ("96-й"). */
function clean(text) {
  return text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/\b[\w-]+(?:\.[\w-]+)*\.(?:gov|com|org|net|nyc|us|io|txt|json)\b\S*/g, ' ')
    .replace(/[\p{L}\d]*\d[\p{L}\d]*(?:-[\p{L}]+)?/gu, ' ');
}

function unknownWords(lang, texts) {
  const { dictionaries, words } = LANGS[lang];
  const lines = texts.map(([, text]) => clean(text).replace(/\n/g, ' '));
  const run = spawnSync('hunspell', ['-l', '-i', 'utf-8', '-d', dictionaries, '-p', words], {
    input: lines.join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`hunspell failed: ${run.stderr}`);
  return [...new Set(run.stdout.split('\n').filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

const listOnly = process.argv.includes('--list');
let problems = 0;
for (const lang of Object.keys(LANGS)) {
  const texts = textsOf(lang);
  const unknown = unknownWords(lang, texts);
  if (listOnly) {
    console.log(unknown.join('\n'));
    continue;
  }
  for (const word of unknown) {
    const where = texts
      .filter(([, text]) => new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(clean(text)))
      .map(([w]) => w);
    console.error(`spelling (${lang}): "${word}" in ${where.slice(0, 3).join(', ')}${where.length > 3 ? ` and ${where.length - 3} more` : ''}`);
    problems += 1;
  }
  console.log(`spelling (${lang}): ${texts.length} texts checked, ${unknown.length} unknown words`);
}
if (problems > 0) {
  console.error(
    `\nspelling: ${problems} unknown words. Fix the spelling, or, if a word is right (a name, a term), add it to scripts/spelling/words.<lang>.txt.`,
  );
  process.exit(1);
}
