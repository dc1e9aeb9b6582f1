/**
 * The classifier as the console runs it: its settings (the `classifier` key of Gatehouse's settings.json,
 * changed from the settings screen and applied from the next request), the model's API key (in the
 * keychain, else a 0600 file, as the phone's bot token), and the check the registry's screening runs.
 */
import { ClassifierSettingsSchema, type ClassifierSettings } from '../../common/classifier-contract';
import type { Classifier } from '../../engine';
import type { BashSupport } from '../../engine';
import { forgetSecret, readSecret, writeSecret } from '../secrets/secret-store';
import type { SecretStorage, SecretStoreOptions } from '../secrets/secret-store';
import { updateConsoleSettings } from '../settings/settings-file';
import { classifierCheck, createCoordinator, judgeFor } from './coordinator';
import { createLlmJudge } from './llm-judge';

/** The model's API key, by the name it rests under in the keychain or the home folder. */
export const CLASSIFIER_KEY_SECRET = 'classifier-api-key';

export interface ClassifierRoom {
  readonly check: ReturnType<typeof classifierCheck>;
  settings(): ClassifierSettings;
  /** Replaces the settings, checked, in memory and in settings.json; throws one sentence when they are wrong. */
  update(next: unknown): Promise<ClassifierSettings>;
  /** Where the model's key rests, or undefined when none is kept. */
  keyStorage(): Promise<SecretStorage | undefined>;
  setKey(key: string): Promise<SecretStorage>;
  forgetKey(): Promise<void>;
}

export function startClassifier(options: {
  /** Gatehouse's home: its settings.json and the key's file. */
  readonly home: string;
  /** The user's home, where `~` in a call leads. */
  readonly userHome: string;
  readonly bash: BashSupport;
  readonly settings: ClassifierSettings;
  readonly secrets?: SecretStoreOptions;
  readonly fetch?: typeof fetch;
}): ClassifierRoom {
  let current = options.settings;
  const secrets = options.secrets ?? {};
  // Read once, not per request: a keychain call can take a second, and the judge's time is 300 ms.
  let key: Promise<string | undefined> | undefined;
  const apiKey = () =>
    (key ??= readSecret(options.home, CLASSIFIER_KEY_SECRET, secrets).then(
      (kept) => kept?.value,
      () => undefined,
    ));
  let llm: { readonly endpoint: string; readonly model: string; readonly judge: Classifier } | undefined;
  const modelJudge = (endpoint: string, model: string) => {
    if (llm?.endpoint !== endpoint || llm.model !== model)
      llm = {
        endpoint,
        model,
        judge: createLlmJudge({
          endpoint,
          model,
          apiKey,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      };
    return llm.judge;
  };
  const coordinate = createCoordinator({
    bash: options.bash,
    home: options.userHome,
    settings: () => current,
    judge: (settings) => judgeFor(settings, modelJudge),
  });
  return {
    check: classifierCheck(coordinate),
    settings: () => current,
    async update(next) {
      const parsed = ClassifierSettingsSchema.safeParse(next);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `"classifier.${issue.path.join('.')}"` : 'The classifier settings';
        throw new Error(`${where} ${issue?.message ?? 'is not valid'}; choose again in the settings.`);
      }
      await updateConsoleSettings(options.home, 'the classifier', (file) => ({
        ...file,
        classifier: parsed.data,
      }));
      current = parsed.data;
      return current;
    },
    keyStorage: async () => (await readSecret(options.home, CLASSIFIER_KEY_SECRET, secrets))?.storage,
    async setKey(value) {
      const storage = await writeSecret(options.home, CLASSIFIER_KEY_SECRET, value, secrets);
      key = Promise.resolve(value);
      return storage;
    },
    async forgetKey() {
      await forgetSecret(options.home, CLASSIFIER_KEY_SECRET, secrets);
      key = Promise.resolve(undefined);
    },
  };
}
