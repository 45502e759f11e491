import { describe, expect, it } from 'vitest';
import { parseEventData } from '../events/registry.ts';
import { given } from '../testing/decider-spec.ts';
import type { QuestionSetEvent } from './events.ts';
import { QUESTION_SET_MESSAGES, questionSetDecider, writtenProblem, type WrittenProblemInput } from './question-sets.ts';

const tutorId = '11111111-1111-4111-8111-111111111111';
const otherTutor = '22222222-2222-4222-8222-222222222222';
const adminId = '44444444-4444-4444-8444-444444444444';
const student = '33333333-3333-4333-8333-333333333333';
const setId = '55555555-5555-4555-8555-555555555555';
const p1 = '66666666-6666-4666-8666-666666666666';
const p2 = '77777777-7777-4777-8777-777777777777';
const tutor = { userId: tutorId, role: 'tutor' };

const created: QuestionSetEvent = { type: 'QuestionSetCreated', data: { setId, tutorId, title: 'Fractions week' } };
const added: QuestionSetEvent = { type: 'QuestionAddedToSet', data: { setId, problemId: p1 } };
const assigned: QuestionSetEvent = { type: 'QuestionSetAssigned', data: { setId, tutorId, studentIds: [student] } };

const question: WrittenProblemInput = {
  topic_id: 'fractions',
  grade: 5,
  question: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
  problem_type: 'numeric',
  answer_options: null,
  correct_answer: '3/4',
  answer_form: { kind: 'exact_fraction' },
  hint: 'Use quarters.',
  explanation: '2/4 + 1/4 = 3/4',
  difficulty_level: 2,
  estimated_time_seconds: 60,
};

describe('question sets', () => {
  it('given nothing, when a tutor creates a set, then it is theirs; creating it again conflicts', () => {
    given(questionSetDecider).when({ type: 'CreateQuestionSet', setId, tutorId, title: 'Fractions week' }).then([created]);
    given(questionSetDecider, [created]).when({ type: 'CreateQuestionSet', setId, tutorId, title: 'Again' }).thenThrows('CONFLICT');
  });

  it('given a set, when its tutor or an admin adds, edits or removes questions, then they are recorded in order', () => {
    given(questionSetDecider, [created]).when({ type: 'AddQuestion', actor: tutor, problemId: p1 }).then([added]);
    given(questionSetDecider, [created]).when({ type: 'AddQuestion', actor: { userId: adminId, role: 'admin' }, problemId: p1 }).then([added]);
    given(questionSetDecider, [created, added])
      .when({ type: 'ReplaceQuestion', actor: tutor, problemId: p1, newProblemId: p2 })
      .then([{ type: 'QuestionReplacedInSet', data: { setId, problemId: p2, replacedProblemId: p1 } }]);
    given(questionSetDecider, [created, added]).when({ type: 'RemoveQuestion', actor: tutor, problemId: p1 }).then([{ type: 'QuestionRemovedFromSet', data: { setId, problemId: p1 } }]);
    given(questionSetDecider, [created]).when({ type: 'RemoveQuestion', actor: tutor, problemId: p1 }).thenThrows('NOT_FOUND', QUESTION_SET_MESSAGES.questionNotInSet);
    expect(given(questionSetDecider, [created, added, { type: 'QuestionReplacedInSet', data: { setId, problemId: p2, replacedProblemId: p1 } }]).state().problemIds).toEqual([p2]);
  });

  it("given tutor A's set, when tutor B (or anyone) changes it, then it is not found", () => {
    const other = { userId: otherTutor, role: 'tutor' };
    given(questionSetDecider, [created]).when({ type: 'AddQuestion', actor: other, problemId: p1 }).thenThrows('NOT_FOUND', QUESTION_SET_MESSAGES.notFound);
    given(questionSetDecider, [created, added]).when({ type: 'AssignQuestionSet', actor: other, students: [{ studentId: student, status: 'active' }] }).thenThrows('NOT_FOUND');
    given(questionSetDecider).when({ type: 'RenameQuestionSet', actor: tutor, title: 'x' }).thenThrows('NOT_FOUND');
  });

  it('given a set with questions, when assigned to active students, then once; not theirs → 403, not active → 409, empty set → 409', () => {
    const assign = (status: 'active' | 'pending' | 'inactive' | null) => ({ type: 'AssignQuestionSet', actor: tutor, students: [{ studentId: student, status }] }) as const;
    given(questionSetDecider, [created, added]).when(assign('active')).then([assigned]);
    given(questionSetDecider, [created, added, assigned]).when(assign('active')).then([]);
    given(questionSetDecider, [created, added]).when(assign(null)).thenThrows('FORBIDDEN', QUESTION_SET_MESSAGES.notYourStudent);
    given(questionSetDecider, [created, added]).when(assign('pending')).thenThrows('CONFLICT', QUESTION_SET_MESSAGES.notActive);
    given(questionSetDecider, [created, added]).when(assign('inactive')).thenThrows('CONFLICT', QUESTION_SET_MESSAGES.notActive);
    given(questionSetDecider, [created]).when(assign('active')).thenThrows('CONFLICT', QUESTION_SET_MESSAGES.emptySet);
    given(questionSetDecider, [created, added]).when({ type: 'AssignQuestionSet', actor: tutor, students: [] }).thenThrows('VALIDATION_FAILED', QUESTION_SET_MESSAGES.noStudents);
  });

  it('given a set a student has, when its tutor or an admin takes it back, then the student no longer has it and it can be given again', () => {
    const unassigned: QuestionSetEvent = { type: 'QuestionSetUnassigned', data: { setId, tutorId, studentId: student } };
    given(questionSetDecider, [created, added, assigned]).when({ type: 'UnassignQuestionSet', actor: tutor, studentId: student }).then([unassigned]);
    given(questionSetDecider, [created, added, assigned]).when({ type: 'UnassignQuestionSet', actor: { userId: adminId, role: 'admin' }, studentId: student }).then([unassigned]);
    given(questionSetDecider, [created, added, assigned, unassigned]).when({ type: 'UnassignQuestionSet', actor: tutor, studentId: student }).thenThrows('NOT_FOUND', QUESTION_SET_MESSAGES.notAssigned);
    given(questionSetDecider, [created, added]).when({ type: 'UnassignQuestionSet', actor: tutor, studentId: student }).thenThrows('NOT_FOUND', QUESTION_SET_MESSAGES.notAssigned);
    given(questionSetDecider, [created, added, assigned]).when({ type: 'UnassignQuestionSet', actor: { userId: otherTutor, role: 'tutor' }, studentId: student }).thenThrows('NOT_FOUND', QUESTION_SET_MESSAGES.notFound);
    // Given again after it was taken back (their status with the tutor is checked as for any assignment).
    given(questionSetDecider, [created, added, assigned, unassigned]).when({ type: 'AssignQuestionSet', actor: tutor, students: [{ studentId: student, status: 'active' }] }).then([assigned]);
  });
});

describe('a written question', () => {
  const ids = { problemId: p1, setId };

  it('becomes a ProblemCreated of the set, with the topic name from the catalog', () => {
    const data = writtenProblem(question, ids);
    expect(data).toMatchObject({ problem_id: p1, topic: 'Fractions', source: 'tutor', question_set_id: setId, template_id: null, seed: null });
    expect(parseEventData('ProblemCreated', data)).toBeTruthy();
  });

  it('is refused when its own answer does not pass the answer check (422), naming the field', () => {
    const unreadable = () => writtenProblem({ ...question, correct_answer: 'three quarters' }, ids);
    expect(unreadable).toThrow(/cannot be read in its answer form \(exact fraction\)/);
    try {
      unreadable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'UNREADABLE_ANSWER', fields: { correct_answer: expect.any(String) } });
    }
    expect(() => writtenProblem({ ...question, correct_answer: '2/4', answer_form: { kind: 'exact_fraction', require: 'simplest' } }, ids)).toThrow(/does not pass its own check/);
  });

  it('follows the rules of generated problems: a known topic in its grades, choices containing the answer', () => {
    expect(() => writtenProblem({ ...question, topic_id: 'astrology' }, ids)).toThrow(QUESTION_SET_MESSAGES.unknownTopic('astrology'));
    expect(() => writtenProblem({ ...question, grade: 12 }, ids)).toThrow(/is practised in grades/);
    const choice = { ...question, problem_type: 'multiple_choice' as const, answer_form: { kind: 'choice' as const }, answer_options: ['1/2', '3/4'], correct_answer: '3/4' };
    expect(writtenProblem(choice, ids).answer_options).toEqual(['1/2', '3/4']);
    expect(() => writtenProblem({ ...choice, correct_answer: '1/4' }, ids)).toThrow(/correct_answer must be one of the answer_options/);
  });
});
