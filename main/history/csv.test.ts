import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers bare, and writes nothing for an absent value', () => {
    expect(csvField('npm test')).toBe('npm test');
    expect(csvField(42)).toBe('42');
    expect(csvField(-1)).toBe('-1');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes fields with commas, quotes, CR or LF, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('"')).toBe('""""');
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-rf /')).toBe("'-rf /");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('a=1')).toBe('a=1');
  });

  it('quotes a semicolon, so a reader that splits on it never starts a cell at a formula', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvField(`echo ok;${lead}HYPERLINK("http://evil")`)).toBe(
        `"echo ok;${lead}HYPERLINK(""http://evil"")"`,
      );
    expect(csvField('a;b')).toBe('"a;b"');
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 1, undefined, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
