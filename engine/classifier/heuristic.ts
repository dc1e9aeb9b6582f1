/**
 * A deterministic stand-in for a model classifier, for tests and demos: it judges by the risk label alone
 * (and, for file edits, by whether the file is inside the working folders). Same input, same verdict.
 */
import { isInside, resolvePath } from '../paths/posix';
import { familyOf } from '../matchers/tool-catalog';
import type { Classifier, ClassifierRequest, ClassifierVerdict } from './types';
import { phrase, type PhraseCode } from '../explain/phrases';

export function createHeuristicClassifier(): Classifier {
  return {
    classify(request) {
      return Promise.resolve(judge(request));
    },
  };
}

function judge(request: ClassifierRequest): ClassifierVerdict {
  switch (request.risk) {
    case 'read-only':
      return said('allow', 0.95, 'classifier.readOnly');
    case 'privileged':
      return said('deny', 0.95, 'classifier.privileged');
    case 'destructive':
      return said('deny', 0.9, 'classifier.destructive');
    case 'reads secrets':
      return said('unsure', 0.5, 'classifier.secrets');
    case 'unknown':
      return said('unsure', 0.5, 'classifier.unknown');
    case 'network':
      return said('unsure', 0.5, 'classifier.network');
    case 'writes files': {
      const path = request.call.input['file_path'] ?? request.call.input['notebook_path'];
      if (familyOf(request.call.toolName) === 'edit' && typeof path === 'string') {
        const target = resolvePath(request.cwd, path, request.home);
        if (request.workingDirectories.some((dir) => isInside(dir, target)))
          return said('allow', 0.85, 'classifier.editsInside');
      }
      return said('unsure', 0.5, 'classifier.writesOutside');
    }
  }
}

function said(
  verdict: ClassifierVerdict['verdict'],
  confidence: number,
  code: PhraseCode,
): ClassifierVerdict {
  const { message, phrase: built } = phrase(code);
  return { verdict, confidence, reason: message, phrase: built };
}
