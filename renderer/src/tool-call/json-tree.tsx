import { useT } from '../i18n/i18n-context';

/** A value as a tree of keys, every leaf in full: objects and arrays nest, strings keep their quotes. */
export function JsonTree({ value }: { value: unknown }) {
  const t = useT();
  if (!isBranch(value) || Object.keys(value).length === 0) {
    return <p className="tree__empty">{t('mcp.empty')}</p>;
  }
  return <Branch value={value} />;
}

function isBranch(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function Branch({ value }: { value: Record<string, unknown> | unknown[] }) {
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return (
    <ul className="tree">
      {entries.map(([key, child]) => (
        <li key={key} className="tree__item">
          <span className={Array.isArray(value) ? 'tree__index' : 'tree__key'}>{key}</span>
          {isBranch(child) && Object.keys(child).length > 0 ? (
            <Branch value={child} />
          ) : (
            <code className={`tree__leaf tree__leaf--${leafType(child)}`}>{JSON.stringify(child)}</code>
          )}
        </li>
      ))}
    </ul>
  );
}

function leafType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
