import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, patterns } from './paths';

describe('paths', () => {
  it('gives each page the address the site has always used', () => {
    expect(paths.landing()).toBe('/');
    expect(paths.movies()).toBe('/movies');
    expect(paths.movies({ id: 5, type: 'genre' })).toBe('/movies/5?type=genre');
    expect(paths.movies({ id: 9, type: 'cast' })).toBe('/movies/9?type=cast');
    expect(paths.movie(42)).toBe('/movie-details/42');
    expect(paths.watch(42)).toBe('/watch/42');
    expect(paths.watch(42, 7)).toBe('/watch/42?episode=7');
    expect(paths.search()).toBe('/search');
    expect(paths.search('rock & roll')).toBe('/search?q=rock%20%26%20roll');
    expect(paths.paymentDetail(3)).toBe('/get-payment-detail/3');
    expect(paths.paymentSuccess('cs_1/2')).toBe('/payment-success?session_id=cs_1%2F2');
    expect(paths.receipt(17)).toBe('/billing/17/receipt');
    expect(paths.admin.overview()).toBe('/admin');
    expect(paths.admin.titles()).toBe('/admin/titles');
    expect(paths.admin.titles({ published: false })).toBe('/admin/titles?published=false');
    expect(paths.admin.title(8)).toBe('/admin/titles/8');
    expect(paths.admin.member(12)).toBe('/admin/members/12');
    expect(paths.admin.jobs({ state: 'failed' })).toBe('/admin/jobs?state=failed');
  });

  it('builds addresses that the route patterns match, with the parameters given', () => {
    expect(matchPath(patterns.movie, paths.movie(42))?.params).toEqual({ id: '42' });
    expect(matchPath(patterns.watch, paths.watch(42))?.params).toEqual({ id: '42' });
    expect(matchPath(patterns.movies, paths.movies())?.params).toEqual({});
    expect(matchPath(patterns.receipt, paths.receipt(17))?.params).toEqual({ id: '17' });
    expect(matchPath(patterns.paymentDetail, paths.paymentDetail(3))?.params).toEqual({ plan_id: '3' });
    expect(matchPath(patterns.admin.member, paths.admin.member(12))?.params).toEqual({ id: '12' });
  });
});
