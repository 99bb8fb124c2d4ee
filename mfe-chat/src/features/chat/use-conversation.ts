import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { ANSWER_DELAY_MS, TOPICS, WELCOME, type ChatLink, type ChatQuestion, type ChatTopic, type TopicId } from './content';

/** Spec: a chat message has a text and a type. */
export interface ChatMessage {
  id: number;
  type: 'sent' | 'received';
  text: MessageDescriptor;
  /** A page of the product an answer points to. */
  link?: ChatLink;
}

interface ConversationState {
  topic: TopicId | null;
  messages: ChatMessage[];
  /** Questions already asked: they leave the list. */
  asked: string[];
  /** Answers still on their way. */
  pending: number;
  nextId: number;
}

type Action =
  { type: 'choose-topic'; topic: TopicId } | { type: 'ask'; question: ChatQuestion } | { type: 'answer'; question: ChatQuestion } | { type: 'reset' };

function initialState(): ConversationState {
  return { topic: null, messages: [{ id: 0, type: 'received', text: WELCOME }], asked: [], pending: 0, nextId: 1 };
}

function reducer(state: ConversationState, action: Action): ConversationState {
  switch (action.type) {
    case 'choose-topic':
      return { ...state, topic: action.topic };
    case 'ask':
      if (state.asked.includes(action.question.id)) return state;
      return {
        ...state,
        messages: [...state.messages, { id: state.nextId, type: 'sent', text: action.question.question }],
        asked: [...state.asked, action.question.id],
        pending: state.pending + 1,
        nextId: state.nextId + 1,
      };
    case 'answer':
      return {
        ...state,
        messages: [...state.messages, { id: state.nextId, type: 'received', text: action.question.answer, link: action.question.link }],
        pending: Math.max(0, state.pending - 1),
        nextId: state.nextId + 1,
      };
    case 'reset':
      return initialState();
  }
}

export interface Conversation {
  messages: ChatMessage[];
  topic: ChatTopic | null;
  /** The questions of the current topic that have not been asked yet. */
  questions: ChatQuestion[];
  /** True while at least one answer is on its way. */
  waiting: boolean;
  chooseTopic: (topic: TopicId) => void;
  ask: (question: ChatQuestion) => void;
  reset: () => void;
}

/** The scripted conversation: questions are sent at once, answers arrive after the spec's delay. */
export function useConversation(): Conversation {
  const [state, dispatch] = useReducer(reducer, undefined, initialState);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current.clear();
  }, []);

  // An answer must not land in a conversation that was reset or unmounted meanwhile.
  useEffect(() => clearTimers, [clearTimers]);

  const ask = useCallback((question: ChatQuestion) => {
    dispatch({ type: 'ask', question });
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      dispatch({ type: 'answer', question });
    }, ANSWER_DELAY_MS);
    timers.current.add(timer);
  }, []);

  const reset = useCallback(() => {
    clearTimers();
    dispatch({ type: 'reset' });
  }, [clearTimers]);

  const chooseTopic = useCallback((topic: TopicId) => dispatch({ type: 'choose-topic', topic }), []);

  const topic = TOPICS.find((candidate) => candidate.id === state.topic) ?? null;
  return {
    messages: state.messages,
    topic,
    questions: topic ? topic.questions.filter((question) => !state.asked.includes(question.id)) : [],
    waiting: state.pending > 0,
    chooseTopic,
    ask,
    reset,
  };
}
