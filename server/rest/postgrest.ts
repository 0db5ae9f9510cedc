/**
 * The subset of PostgREST's URL grammar that supabase-js sends for a read of one table
 * (docs/auth.md, /rest/v1), translated into one parameterised SQL query. Column names
 * come only from the whitelist; every value travels as a parameter cast to its column's type.
 */

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

const parseError = (what: string, details: string) =>
  new PostgrestError(400, 'PGRST100', `"failed to parse ${what}"`, details);

const unknownColumn = (table: string, col: string) =>
  new PostgrestError(400, '42703', `column ${table}.${col} does not exist`);

export interface ReadQuery {
  sql: string;
  countSql: string;
  params: unknown[];
  /** Parameters of countSql (the filters only). */
  countParams: unknown[];
  offset: number;
}

const OPS = new Map<string, string>([['eq', '='], ['neq', '<>'], ['gt', '>'], ['gte', '>='], ['lt', '<'], ['lte', '<=']]);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const MAX_VALUE = 1000;

const quote = (col: string) => `"${col}"`;

/**
 * Whether a name from the URL is a column of the table. Object.hasOwn, never `in`: `in` also
 * matches Object.prototype's names (constructor, __proto__, toString...), which are no columns.
 */
const isColumn = (table: TableSpec, name: string) => Object.hasOwn(table.columns, name);

/** in.(a,b,"c,d") -> ['a', 'b', 'c,d'] */
function parseInList(raw: string, param: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError(`filter (${param})`, `unexpected "${raw}" expecting "("`);
  const inner = raw.slice(1, -1);
  const items: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quoted) {
      if (c === '\\' && i + 1 < inner.length) cur += inner[++i];
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      items.push(cur);
      cur = '';
    } else cur += c;
  }
  if (quoted) throw parseError(`filter (${param})`, 'unterminated quoted value');
  if (inner.length > 0) items.push(cur);
  return items;
}

/**
 * Builds the SELECT of a GET /rest/v1/<table>?<search>. `entries` are the decoded query
 * parameters in order (repeated keys AND together); the base condition (if any) is ANDed first.
 */
export function buildReadQuery(table: TableSpec, entries: Array<[string, string]>): ReadQuery {
  const cols = Object.keys(table.columns);
  let select = cols.map(quote).join(', ');
  const where: string[] = [];
  const params: unknown[] = [];
  const orderBy: string[] = [];
  let limit: number | null = null;
  let offset = 0;

  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const intParam = (key: string, v: string) => {
    if (!/^\d{1,9}$/.test(v)) throw parseError(key, `"${v}" is not a non-negative integer`);
    return Number(v);
  };

  for (const [key, value] of entries) {
    if (key === 'select') {
      const wanted = value.replace(/\s+/g, '');
      if (wanted === '*' || wanted === '') continue;
      const list = wanted.split(',');
      for (const c of list) {
        if (!/^[a-z_][a-z0-9_]*$/.test(c)) throw parseError('select parameter', `unexpected "${c}"`);
        if (!isColumn(table, c)) throw unknownColumn(table.name, c);
      }
      select = list.map(quote).join(', ');
    } else if (key === 'order') {
      for (const term of value.split(',')) {
        const [col, ...mods] = term.split('.');
        if (!isColumn(table, col)) {
          if (!/^[a-z_][a-z0-9_]*$/.test(col)) throw parseError('order', `unexpected "${term}"`);
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
    } else {
      if (!isColumn(table, key)) {
        if (!/^[a-z_][a-z0-9_]*$/.test(key)) throw parseError(`filter (${key})`, `unexpected "${key}"`);
        throw unknownColumn(table.name, key);
      }
      if (value.length > MAX_VALUE) throw parseError(`filter (${key})`, 'value too long');
      const type = table.columns[key];
      const col = quote(key);
      let rest = value;
      let negate = false;
      if (rest.startsWith('not.')) {
        negate = true;
        rest = rest.slice(4);
      }
      const dot = rest.indexOf('.');
      const op = dot < 0 ? rest : rest.slice(0, dot);
      const operand = dot < 0 ? '' : rest.slice(dot + 1);
      let cond: string;
      const sqlOp = OPS.get(op);
      if (sqlOp && dot >= 0) cond = `${col} ${sqlOp} ${param(operand, type)}`;
      else if ((op === 'ilike' || op === 'like') && dot >= 0) {
        cond = `${col}::text ${op === 'ilike' ? 'ILIKE' : 'LIKE'} ${param(operand.replace(/\*/g, '%'), 'text')}`;
      } else if (op === 'in' && dot >= 0) cond = `${col} = ANY(${param(parseInList(operand, key), `${type}[]`)})`;
      else if (op === 'is' && dot >= 0) {
        const v = operand.toLowerCase();
        if (v === 'null') cond = `${col} IS NULL`;
        else if (v === 'not_null') cond = `${col} IS NOT NULL`;
        else if (v === 'true' || v === 'false' || v === 'unknown') cond = `${col} IS ${v.toUpperCase()}`;
        else throw parseError(`filter (${key})`, `unexpected "${operand}" expecting null, not_null, true, false or unknown`);
      } else throw parseError(`filter (${key})`, `unexpected "${op}" expecting an operator`);
      where.push(negate ? `NOT (${cond})` : cond);
    }
  }

  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  let sql = `SELECT ${select} FROM public.${table.name}${whereSql}`;
  if (orderBy.length) sql += ` ORDER BY ${orderBy.join(', ')}`;
  if (limit !== null) sql += ` LIMIT ${limit}`;
  if (offset) sql += ` OFFSET ${offset}`;
  return { sql, countSql: `SELECT count(*)::int AS total FROM public.${table.name}${whereSql}`, params, countParams, offset };
}
