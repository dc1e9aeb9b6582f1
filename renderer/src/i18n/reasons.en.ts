/**
 * The engine's sentences in English: the engine's own templates (engine/explain/phrases.ts), so the card
 * says exactly what `gatehouse check` prints, with commands, rules and paths drawn as the console draws them.
 */
import { englishPhrases, type PhraseCode } from '../../../engine';

export const reasonsEn: Readonly<Record<PhraseCode, string>> = englishPhrases;
