/*
 * explore_index_merge.h - `pgn-explore --index OUT --merge DB...`: the
 * indexes built apart (one month each, on several machines) added into
 * one, which then answers exactly as one built from all their games in
 * the order the indexes are named.
 */
#ifndef CHESS_EXPLORE_INDEX_MERGE_H
#define CHESS_EXPLORE_INDEX_MERGE_H

/* Add the indexes sources[0..n) into out (made when it is not there),
 * in one transaction: every source is checked (an index, this version,
 * the same max_ply as the others and out) before anything is written,
 * and a failure leaves out as it was.  0, or the status after a message
 * naming the file. */
int explore_index_merge(const char *out, char *const *sources, int n);

#endif
