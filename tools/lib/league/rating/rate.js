#!/usr/bin/env node
// The ratings of tools/league, by the openskill package (Weng-Lin, Plackett-Luce
// model, the library's default options): a co-process that rates one game per line.
//
//   node tools/lib/league/rating/rate.js
//
// First it prints one line: {"openskill": version, "model": "plackettLuce",
// "default": [mu, sigma, ordinal]} (a new bot's rating). Then for each line read,
//   {"ratings": [[mu, sigma], ...], "ranks": [1, 2, 2, ...]}
// (one player a team, in seat order; equal ranks are a tie) it prints
//   {"ratings": [[mu, sigma, ordinal], ...]}
// the players' ratings after the game, ordinal being openskill's mu - 3 sigma.
// For the matchmaking, {"predict": [[mu, sigma], [mu, sigma], ...]} gives
// {"win": [p, ...]}, openskill's chances that each one wins that game.
// Numbers go through JSON as the shortest text that reads back to the same
// double, so ratings stored by the caller and recomputed later are bit-equal.
// A line it cannot rate: {"error": why}.

'use strict';

const path = require('path');
const readline = require('readline');

const pinned = require(path.join(__dirname, 'package.json')).dependencies.openskill;
let installed;
try {
  installed = require(path.join(__dirname, 'node_modules', 'openskill', 'package.json')).version;
} catch (e) {
  process.stderr.write(`openskill is not installed in ${__dirname}/node_modules: run tools/setup --browser` +
    ` (or npm ci there)\n`);
  process.exit(1);
}
if (installed !== pinned) {
  process.stderr.write(`openskill ${installed} is installed in ${__dirname}/node_modules, package.json pins` +
    ` ${pinned}: run tools/setup --browser (or npm ci there)\n`);
  process.exit(1);
}
const { rating, rate, ordinal, predictWin } = require('openskill');
const { plackettLuce } = require('openskill/models');

function triple(r) {
  return [r.mu, r.sigma, ordinal(r)];
}

function answer(request) {
  if (request.predict) {
    return { win: predictWin(request.predict.map(([mu, sigma]) => [rating({ mu, sigma })])) };
  }
  const { ratings, ranks } = request;
  if (!Array.isArray(ratings) || !Array.isArray(ranks) || ratings.length < 2 || ranks.length !== ratings.length) {
    throw new Error('need "ratings" (two or more [mu, sigma]) and as many "ranks"');
  }
  const teams = ratings.map(([mu, sigma]) => [rating({ mu, sigma })]);
  const after = rate(teams, { rank: ranks, model: plackettLuce, tau: Number(process.env.TAU || 25 / 300) });
  return { ratings: after.map((team) => triple(team[0])) };
}

process.stdout.write(JSON.stringify({ openskill: installed, model: 'plackettLuce', default: triple(rating()) }) + '\n');
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  let reply;
  try {
    reply = answer(JSON.parse(line));
  } catch (e) {
    reply = { error: e.message };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
