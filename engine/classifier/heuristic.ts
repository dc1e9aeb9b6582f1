/**
 * A deterministic stand-in for a model classifier, for tests and demos: it judges by the risk label alone
 * (and, for file edits, by whether the file is inside the working folders). Same input, same verdict.
 */
import { isInside, resolvePath } from '../paths/posix';
import { familyOf } from '../tools/catalog';
import type { Classifier, ClassifierRequest, ClassifierVerdict } from './types';

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
      return { verdict: 'allow', confidence: 0.95, reason: 'It only reads.' };
    case 'privileged':
      return { verdict: 'deny', confidence: 0.95, reason: 'It acts with elevated privileges.' };
    case 'destructive':
      return {
        verdict: 'deny',
        confidence: 0.9,
        reason: 'It deletes or overwrites data that may not come back.',
      };
    case 'reads secrets':
      return {
        verdict: 'unsure',
        confidence: 0.5,
        reason: 'It reads a credential or secret, which a person must see first.',
      };
    case 'unknown':
      return {
        verdict: 'unsure',
        confidence: 0.5,
        reason: 'It runs a command whose effect the classifier does not know.',
      };
    case 'network':
      return {
        verdict: 'unsure',
        confidence: 0.5,
        reason: 'It talks to the network, which the classifier cannot judge alone.',
      };
    case 'writes files': {
      const path = request.call.input['file_path'] ?? request.call.input['notebook_path'];
      if (familyOf(request.call.toolName) === 'edit' && typeof path === 'string') {
        const target = resolvePath(request.cwd, path, request.home);
        if (request.workingDirectories.some((dir) => isInside(dir, target))) {
          return {
            verdict: 'allow',
            confidence: 0.85,
            reason: 'It edits a file inside the working folders.',
          };
        }
      }
      return {
        verdict: 'unsure',
        confidence: 0.5,
        reason: 'It writes outside what the classifier can vouch for.',
      };
    }
  }
}
