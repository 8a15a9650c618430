import { queryLadder } from './query-ladder';

const rows = ['a', 'b'];
const isEmpty = (data: readonly string[]) => data.length === 0;

describe('queryLadder', () => {
  it('shows the placeholders until the first answer', () => {
    expect(queryLadder({ isPending: true, isError: false, data: undefined }, { isEmpty })).toEqual({ step: 'loading' });
  });

  it('shows the failure when nothing came back', () => {
    expect(queryLadder({ isPending: false, isError: true, data: undefined }, { isEmpty })).toEqual({ step: 'error' });
    expect(queryLadder({ isPending: false, isError: true, data: undefined }, { isEmpty, keepDataOnError: true })).toEqual({ step: 'error' });
  });

  it('replaces the rows with the failure when a later fetch fails, unless the list keeps them', () => {
    expect(queryLadder({ isPending: false, isError: true, data: rows }, { isEmpty })).toEqual({ step: 'error' });
    expect(queryLadder({ isPending: false, isError: true, data: rows }, { isEmpty, keepDataOnError: true })).toEqual({ step: 'ready', data: rows });
  });

  it('says the list is empty only once it has answered with nothing', () => {
    expect(queryLadder({ isPending: false, isError: false, data: [] }, { isEmpty })).toEqual({ step: 'empty', data: [] });
    expect(queryLadder({ isPending: false, isError: false, data: rows }, { isEmpty })).toEqual({ step: 'ready', data: rows });
  });

  it('never calls a list empty when it has no empty state', () => {
    expect(queryLadder({ isPending: false, isError: false, data: [] })).toEqual({ step: 'ready', data: [] });
  });
});
