/** One step of the history schema. `version` is what `PRAGMA user_version` reads once the step is applied. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
