/**
 * The subset of PostgREST's URL grammar that supabase-js sends for a read of one table
 * (docs/auth.md, /rest/v1), translated into one parameterised SQL query. Column names
 * come only from the whitelist; every value travels as a parameter cast to its column's type.
 */

import { stringify } from 'csv-stringify/sync';

export type ColumnType = 'integer' | 'smallint' | 'date' | 'time' | 'text' | 'boolean';

export interface TableSpec {
  name: string;
  columns: Record<string, ColumnType>;
}

/** A PostgREST error: HTTP status plus the body `{ code, message, details, hint }`. */
export class PostgrestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details: string | null = null,
    public readonly hint: string | null = null,
  ) {
    super(message);
  }
  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PostgREST's PGRST100: `"failed to parse filter (eq.x)" (line 1, column 3)` with what was unexpected. */
const parseError = (what: string, details: string, column?: number) =>
  new PostgrestError(400, 'PGRST100', `"failed to parse ${what}"${column ? ` (line 1, column ${column})` : ''}`, details);

const unknownColumn = (table: string, col: string) =>
  new PostgrestError(400, '42703', `column ${table}.${col} does not exist`);

export interface ReadQuery {
  sql: string;
  countSql: string;
  params: unknown[];
  /** Parameters of countSql (the filters only). */
  countParams: unknown[];
  offset: number;
  /** The selected columns, in answer order (a CSV's header). */
  columns: string[];
}

const OPS = new Map<string, string>([['eq', '='], ['neq', '<>'], ['gt', '>'], ['gte', '>='], ['lt', '<'], ['lte', '<=']]);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
/** Keys of a logic tree: `or=(...)`, `and=(...)`, negated `not.or=(...)`, `not.and=(...)`. */
const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and']);
const MAX_VALUE = 1000;
/** A logic tree's whole text, its nesting and the conditions of one query are capped (no query of ours needs more). */
export const MAX_LOGIC_LENGTH = 4000;
export const MAX_LOGIC_DEPTH = 8;
export const MAX_CONDITIONS = 100;
/** Values of one `in.(...)`. */
export const MAX_IN_ITEMS = 200;

const quote = (col: string) => `"${col}"`;
/** A value echoed in an error (PostgREST echoes it whole): at most 60 characters. */
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}...` : text);
const IDENT = /^[a-z_][a-z0-9_]*$/;

/**
 * Whether a name from the URL is a column of the table. Object.hasOwn, never `in`: `in` also
 * matches Object.prototype's names (constructor, __proto__, toString...), which are no columns.
 */
const isColumn = (table: TableSpec, name: string) => Object.hasOwn(table.columns, name);

/**
 * A cursor over one parameter's text, with PostgREST's value rules (its QueryParams parser, read, not
 * copied): a list element or a value inside a logic tree is either a quoted value (`"..."` with `\`
 * escaping the next character) directly followed by `,`, `)` or the end, or else the characters up to
 * the next `,` or `)`, quotes included as they are (`Campo "Zauli"` is one plain value).
 */
class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}
  get done() {
    return this.pos >= this.text.length;
  }
  peek() {
    return this.text[this.pos];
  }
  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    throw parseError(this.what, `unexpected ${found} expecting ${expecting}`, this.pos + 1);
  }
  ws() {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
  expect(c: string, expecting = `"${c}"`) {
    if (this.peek() !== c) this.fail(expecting);
    this.pos++;
  }
  /** A field or operator name. */
  name(): string {
    const m = /^[A-Za-z0-9_$]+/.exec(this.text.slice(this.pos));
    if (!m) this.fail('field name (* or [a..z0..9_$])');
    this.pos += m[0].length;
    return m[0];
  }
  /** A quoted value ended by `,`, `)` or the end; null (and the cursor unmoved) if there is none. */
  private quoted(): string | null {
    if (this.peek() !== '"') return null;
    let i = this.pos + 1;
    let out = '';
    for (; i < this.text.length && this.text[i] !== '"'; i++) {
      if (this.text[i] === '\\' && i + 1 < this.text.length) i++;
      out += this.text[i];
    }
    if (i >= this.text.length) return null;
    const next = this.text[i + 1];
    if (next !== undefined && next !== ',' && next !== ')') return null;
    this.pos = i + 1;
    return out;
  }
  /** One element of a list or one value of a logic tree. */
  element(): string {
    const q = this.quoted();
    if (q !== null) return q;
    const from = this.pos;
    while (!this.done && this.peek() !== ',' && this.peek() !== ')') this.pos++;
    return this.text.slice(from, this.pos);
  }
  /** `(a,"b, c",d)`. `()` is the empty list (it matches nothing). */
  list(): string[] {
    this.ws();
    this.expect('(');
    this.ws();
    const items: string[] = [];
    if (this.peek() === ')') this.pos++;
    else {
      for (;;) {
        items.push(this.element());
        if (items.length > MAX_IN_ITEMS) throw parseError(this.what, `more than ${MAX_IN_ITEMS} values in a list`);
        if (this.peek() !== ',') break;
        this.pos++;
      }
      this.expect(')', '"," or ")"');
    }
    this.ws();
    return items;
  }
}

/** An operator expression (`[not.]op.value`), the filter's condition on one column. */
type OpExpr = { negate: boolean; op: string; value: string | string[] };

function opExpr(c: Cursor, inLogic: boolean): OpExpr {
  let negate = false;
  if (c.text.startsWith('not.', c.pos)) {
    negate = true;
    c.pos += 4;
  }
  const m = /^[a-z]+/.exec(c.text.slice(c.pos));
  const op = m?.[0] ?? '';
  if (!(OPS.has(op) || op === 'like' || op === 'ilike' || op === 'in' || op === 'is') || c.text[c.pos + op.length] !== '.') {
    c.fail('operator (eq, neq, gt, gte, lt, lte, like, ilike, in, is)');
  }
  c.pos += op.length + 1;
  if (op === 'in') return { negate, op, value: c.list() };
  if (!inLogic) {
    const value = c.text.slice(c.pos);
    c.pos = c.text.length;
    return { negate, op, value };
  }
  return { negate, op, value: c.element() };
}

/**
 * Builds the SELECT of a GET /rest/v1/<table>?<search>. `entries` are the decoded query
 * parameters in order (repeated keys AND together); `or`/`and` (maybe `not.`) are logic trees.
 */
export function buildReadQuery(table: TableSpec, entries: Array<[string, string]>): ReadQuery {
  const cols = Object.keys(table.columns);
  let columns = cols;
  const where: string[] = [];
  const params: unknown[] = [];
  const orderBy: string[] = [];
  let limit: number | null = null;
  let offset = 0;
  let conditions = 0;

  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const intParam = (key: string, v: string) => {
    if (!/^\d{1,9}$/.test(v)) throw parseError(key, `"${v}" is not a non-negative integer`);
    return Number(v);
  };
  const column = (name: string, what: string) => {
    if (!isColumn(table, name)) {
      if (!IDENT.test(name)) throw parseError(what, `unexpected "${name}"`);
      throw unknownColumn(table.name, name);
    }
    return name;
  };

  /** One column's condition, every value a parameter cast to the column's type. */
  const condition = (name: string, e: OpExpr, what: string): string => {
    if (++conditions > MAX_CONDITIONS) throw parseError(what, `more than ${MAX_CONDITIONS} conditions`);
    const type = table.columns[name];
    const col = quote(name);
    let cond: string;
    const sqlOp = OPS.get(e.op);
    if (Array.isArray(e.value)) cond = `${col} = ANY(${param(e.value, `${type}[]`)})`;
    else if (sqlOp) cond = `${col} ${sqlOp} ${param(e.value, type)}`;
    else if (e.op === 'ilike' || e.op === 'like') {
      cond = `${col}::text ${e.op === 'ilike' ? 'ILIKE' : 'LIKE'} ${param(e.value.replace(/\*/g, '%'), 'text')}`;
    } else {
      const v = e.value.toLowerCase();
      if (v === 'null') cond = `${col} IS NULL`;
      else if (v === 'not_null') cond = `${col} IS NOT NULL`;
      else if (v === 'true' || v === 'false' || v === 'unknown') cond = `${col} IS ${v.toUpperCase()}`;
      else throw parseError(what, `unexpected "${clip(e.value)}" expecting null, not_null, true, false or unknown`);
    }
    return e.negate ? `NOT (${cond})` : cond;
  };

  /** `or(a.eq.1,not.and(b.gt.2,c.is.null))`: a filter, or a (maybe negated) and/or of trees. */
  const logicTree = (c: Cursor, depth: number): string => {
    c.ws();
    let negate = false;
    if (/^not\.(and|or)\(/.test(c.text.slice(c.pos))) {
      negate = true;
      c.pos += 4;
    }
    const op = /^(and|or)[ \t]*\(/.exec(c.text.slice(c.pos))?.[1];
    if (!op) {
      const field = c.name();
      c.expect('.', 'delimiter (.)');
      const name = column(field, c.what);
      const cond = condition(name, opExpr(c, true), c.what);
      c.ws();
      return cond;
    }
    if (depth > MAX_LOGIC_DEPTH) throw parseError(c.what, `logic trees nested deeper than ${MAX_LOGIC_DEPTH}`, c.pos + 1);
    c.pos += op.length;
    c.ws();
    c.expect('(');
    const terms = [logicTree(c, depth + 1)];
    while (c.peek() === ',') {
      c.pos++;
      terms.push(logicTree(c, depth + 1));
    }
    c.expect(')', '"," or ")"');
    c.ws();
    const sql = `(${terms.join(op === 'and' ? ' AND ' : ' OR ')})`;
    return negate ? `NOT ${sql}` : sql;
  };

  for (const [key, value] of entries) {
    if (key === 'select') {
      const wanted = value.replace(/\s+/g, '');
      if (wanted === '*' || wanted === '') continue;
      const list = wanted.split(',');
      for (const c of list) column(c, 'select parameter');
      columns = list;
    } else if (key === 'order') {
      for (const term of value.split(',')) {
        const [col, ...mods] = term.split('.');
        if (!isColumn(table, col)) {
          if (!IDENT.test(col)) throw parseError('order', `unexpected "${term}"`);
          throw unknownColumn(table.name, col);
        }
        let dir = 'ASC';
        let nulls = '';
        for (const m of mods) {
          if (m === 'asc' || m === 'desc') dir = m.toUpperCase();
          else if (m === 'nullsfirst') nulls = ' NULLS FIRST';
          else if (m === 'nullslast') nulls = ' NULLS LAST';
          else throw parseError('order', `unexpected "${m}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
        }
        orderBy.push(`${quote(col)} ${dir}${nulls}`);
      }
    } else if (key === 'limit') {
      limit = intParam(key, value);
    } else if (key === 'offset') {
      offset = intParam(key, value);
    } else if (RESERVED.has(key)) {
      continue;
    } else if (LOGIC_KEYS.has(key)) {
      // PostgREST reads `or=(...)` as the tree `or(...)`.
      const text = `${key}${value}`;
      const what = `logic tree (${clip(value)})`;
      if (text.length > MAX_LOGIC_LENGTH) throw parseError(what, 'value too long');
      const c = new Cursor(text, what);
      c.pos = key.length;
      c.ws();
      if (c.peek() !== '(') c.fail('"("');
      c.pos = 0;
      const tree = logicTree(c, 0);
      if (!c.done) c.fail('end of input');
      where.push(tree);
    } else {
      const name = column(key, `filter (${key})`);
      if (value.length > MAX_VALUE) throw parseError(`filter (${clip(value)})`, 'value too long');
      const c = new Cursor(value, `filter (${clip(value)})`);
      const e = opExpr(c, false);
      if (!c.done) c.fail('end of input');
      where.push(condition(name, e, c.what));
    }
  }

  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  let sql = `SELECT ${columns.map(quote).join(', ')} FROM public.${table.name}${whereSql}`;
  if (orderBy.length) sql += ` ORDER BY ${orderBy.join(', ')}`;
  if (limit !== null) sql += ` LIMIT ${limit}`;
  if (offset) sql += ` OFFSET ${offset}`;
  return { sql, countSql: `SELECT count(*)::int AS total FROM public.${table.name}${whereSql}`, params, countParams, offset, columns };
}

/** What the answer is, from the Accept header (PostgREST's media types, read not copied). */
export interface Output {
  kind: 'array' | 'object' | 'csv';
  /** `;nulls=stripped` (supabase-js stripNulls()): null fields are left out. */
  stripNulls: boolean;
  /** The Content-Type of the answer. */
  mime: string;
}

/**
 * The first media type of Accept that we can answer (JSON array, `application/vnd.pgrst.object+json`
 * for `.single()`, `text/csv` for `.csv()`); none of them: PostgREST's 406 PGRST107.
 */
export function negotiate(accept: string | undefined): Output {
  if (!accept || !accept.trim()) return { kind: 'array', stripNulls: false, mime: 'application/json' };
  const offered = accept.split(',').map((s) => s.trim()).filter(Boolean);
  for (const type of offered) {
    const [main, ...rest] = type.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = rest.some((p) => p.replace(/\s+/g, '') === 'nulls=stripped');
    switch (main) {
      case 'application/json':
      case '*/*':
      case 'application/*':
        return { kind: 'array', stripNulls: false, mime: 'application/json' };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return stripNulls
          ? { kind: 'array', stripNulls, mime: 'application/vnd.pgrst.array+json;nulls=stripped' }
          : { kind: 'array', stripNulls, mime: 'application/json' };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', stripNulls, mime: `application/vnd.pgrst.object+json${stripNulls ? ';nulls=stripped' : ''}` };
      case 'text/csv':
      case 'text/*':
        return { kind: 'csv', stripNulls: false, mime: 'text/csv' };
    }
  }
  throw new PostgrestError(406, 'PGRST107', `None of these media types are available: ${offered.slice(0, 10).join(', ').slice(0, 300)}`);
}

/** `.single()` on a result of `rows` rows (not one): PostgREST's 406 PGRST116. */
export const singularityError = (rows: number) =>
  new PostgrestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);

/** The count a `Prefer` header asks for: exact, planned and estimated are all answered with the exact count. */
export function countPreference(prefer: string | undefined): 'exact' | 'planned' | 'estimated' | null {
  const m = /(?:^|[,\s])count=(exact|planned|estimated)(?=$|[,\s;])/.exec(prefer ?? '');
  return (m?.[1] as 'exact' | 'planned' | 'estimated' | undefined) ?? null;
}

const stripped = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));

/** The JSON of the rows (an array), or of the only row (an object). */
export function jsonOf(rows: Array<Record<string, unknown>>, output: Output): string {
  const out = output.stripNulls ? rows.map(stripped) : rows;
  return JSON.stringify(output.kind === 'object' ? out[0] : out);
}

/**
 * PostgREST's CSV: a header of the column names, then one line per row as PostgreSQL writes a
 * record (what PostgREST sends): lines end in LF with none after the last, NULL is nothing, a value
 * is quoted when empty or holding a comma, a quote, a backslash, a parenthesis or white space, with
 * `"` written `""` and `\` written `\\`; booleans are `t` and `f`. Written by csv-stringify.
 */
export function csvOf(columns: string[], rows: Array<Record<string, unknown>>): string {
  return stringify(rows, {
    header: true,
    columns,
    record_delimiter: '\n',
    eof: false,
    quoted_match: /^$|[\s"\\(),]/,
    cast: {
      boolean: (v) => (v ? 't' : 'f'),
      string: (v) => v.replace(/\\/g, '\\\\'),
    },
  });
}
