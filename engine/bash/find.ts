/** `find` is read-only until one of its primaries runs a program, deletes or writes a file. */
export const findActions: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete']);
export const findWrites: ReadonlySet<string> = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);
