#!/bin/bash
# property.sh: random but well-formed battles and orders, for the property
# test (tests/96-property.bats) and for longer soaks by hand.
#
#   tests/property.sh scenario RULES SEED        a random valid scenario
#   tests/property.sh order SEED N STATE         a random order for STATE
#   tests/property.sh run RULES SEED ORDERS      play ORDERS random orders
#
# run plays random battles of RULES (cc, kingdom or clash), each made by
# bt-init from a random scenario, with random orders: real programs of the
# ruleset with real unit ids of the current state, random steps, squares,
# enemies, actions, forced dice, render formats and files of several
# orders, in-place, from -f or from standard input. After each order it
# checks the property:
#   - the exit status is 0, 1 (refused by the rules) or 2 (usage), never
#     3, 4 or a signal, and standard error has no sanitizer report;
#   - on 1 or 2 nothing is written: standard output is empty, and a file
#     rewritten in place is as it was;
#   - on 0 every state written passes bt-check (the loader and all the
#     checks of a state) and is canonical: bt-check writes it back byte
#     for byte. That is bt-init's, each program's (on standard output
#     or, with -i, in the file), bt-order's, and that of each of a
#     bt-order's orders given alone, one program piped to the next,
#     whose last state must be bt-order's, byte for byte.
# It goes on from the last good state; a battle that ends, or that has
# taken 300 orders, gives way to a fresh one. The same RULES, SEED and
# ORDERS play the same orders (the generator is awk's arithmetic, not its
# rand()). It works in the current folder, prints the counts on the last
# line of its output, and on a failure stops with the seed, the order,
# its output and the state it was given, and exits 1.
#
# The programs are taken from PATH. bash (for reading files without a
# process: an order costs three processes) and POSIX awk.
set -eu

# --- the random generator and the state reader that both awk parts share ---

# MINSTD (Park and Miller): exact in awk's doubles, so every awk draws the
# same numbers. rnd(n) is 0 to n-1.
common_awk='
function seedrnd(s, k,   i) {
	rs = (s * 7919 + k * 104729) % 2147483646 + 1
	for (i = 0; i < 4; i++)
		rnd(2)
}
function rnd(n) {
	rs = (rs * 48271) % 2147483647
	return int(rs / 2147483647 * n)
}
function oneof(list,   a, n) {
	n = split(list, a, " ")
	return a[rnd(n) + 1]
}
function abs(v) { return v < 0 ? -v : v }
function max(a, b) { return a > b ? a : b }
function min(a, b) { return a < b ? a : b }
'

# --- scenarios ---

scenario_awk='
# A rectangle of zone z: x0 y0 x1 y1.
function zone(s, x0, y0, x1, y1) {
	zx0[s] = x0; zy0[s] = y0; zx1[s] = x1; zy1[s] = y1
}
function inzone(x, y,   s) {
	for (s = 1; s <= nsides; s++)
		if (x >= zx0[s] && x <= zx1[s] && y >= zy0[s] && y <= zy1[s])
			return s
	return 0
}
# A free place in side s zone for a w x h footprint: sets px, py.
function place(s, w, h,   t, x, y, i, j, ok) {
	for (t = 0; t < 80; t++) {
		if (zx1[s] - zx0[s] + 1 < w || zy1[s] - zy0[s] + 1 < h)
			return 0
		x = zx0[s] + rnd(zx1[s] - zx0[s] - w + 2)
		y = zy0[s] + rnd(zy1[s] - zy0[s] - h + 2)
		ok = 1
		for (i = 0; i < w && ok; i++)
			for (j = 0; j < h && ok; j++)
				if ((x + i, y + j) in occ || substr(row[y + j], x + i + 1, 1) == "x")
					ok = 0
		if (ok) {
			for (i = 0; i < w; i++)
				for (j = 0; j < h; j++)
					occ[x + i, y + j] = 1
			px = x; py = y
			return 1
		}
	}
	return 0
}
# A free square next to (x, y) for the next stand of a unit: sets px, py.
function beside(s, x, y,   t, d, nx, ny) {
	for (t = 0; t < 12; t++) {
		d = rnd(4)
		nx = x + (d == 0) - (d == 1); ny = y + (d == 2) - (d == 3)
		if (nx >= zx0[s] && nx <= zx1[s] && ny >= zy0[s] && ny <= zy1[s] &&
		    !((nx, ny) in occ) && substr(row[ny], nx + 1, 1) != "x") {
			occ[nx, ny] = 1
			px = nx; py = ny
			return 1
		}
	}
	return 0
}
function terrain(x, y,   r) {
	r = rnd(100)
	if (r < 64) return "."
	if (r < 72) return "f"
	if (r < 78) return "h"
	if (r < 82) return "r"
	if (r < 85) return "s"
	if (r < 87) return "b"
	if (r < 94) return "w"
	return inzone(x, y) ? "." : "x"
}

function cc_side(s) {
	printf "  %s: {commander: General %d, rating: %d, culture: %d%s}\n",
	    side[s], s, rnd(4) - 1, rnd(4) - 1, rnd(2) ? ", deploy: first" : ""
}
function cc_unit(s, k,   w, h, type, hp, weight, reserve, f, broken) {
	type = oneof("infantry infantry archers cavalry monster")
	w = 1 + rnd(3); h = 1 + (rnd(3) == 0)
	weight = 1 + rnd(6)
	reserve = rnd(10) == 0 && k > 1	# each side deploys (CC-3)
	if (!reserve && total[s] + weight > 25)
		return
	if (!reserve && !place(s, w, h))
		return
	if (!reserve)
		total[s] += weight
	printf "  %s-%d:\n    side: %s\n    name: %s %d\n    type: %s\n",
	    side[s], k, side[s], type, k, type
	if (!reserve)
		printf "    at: [%d, %d]\n", px, py
	f = s == 1 ? "s" : s == 2 ? "n" : oneof("n e s w")
	printf "    size: [%d, %d]\n    facing: %s\n", w, h, f
	if (type == "monster" && rnd(2))
		print "    fronts: 4"
	hp = 1 + rnd(6)
	# Each side has an unbroken unit on the map, or the battle is over
	# before it begins and bt-init refuses it (CC-1, CC-28).
	broken = rnd(12) == 0 && up[s] > 0
	if (!reserve && !broken)
		up[s]++
	printf "    speed: %d\n    ac: %d\n    hp: %d\n    max-hp: %d\n",
	    oneof("100 150 150 200 300"), 10 + rnd(8),
	    broken ? 0 : hp - (rnd(5) == 0 && hp > 1), hp
	printf "    attack: %d\n    damage: %d\n", rnd(5), 1 + rnd(2)
	if (type == "archers" || rnd(6) == 0)
		printf "    ranged: {attack: %d, damage: %d, range: %d}\n",
		    1 + rnd(4), 1 + rnd(2), oneof("150 200 300 400 600")
	printf "    morale: %d\n    initiative: %d\n    weight: %d\n",
	    rnd(4) - 1, 5 + rnd(10), weight
	if (broken)
		print "    status: [broken]"
	else if (rnd(12) == 0)
		print "    status: [defending]"
	if (reserve)
		print "    reserve: true"
	if (rnd(10) == 0)
		print "    flying: true"
}

function kingdom_side(s) {
	printf "  %s:\n    commander: Marshal %d\n    profession: %d\n",
	    side[s], s, rnd(10)
	if (rnd(2))
		print "    moves: first"
	printf "    loyalty: %d\n    control-dc: %d\n    unrest: %d\n",
	    rnd(8) - 2, 12 + rnd(10), rnd(6)
	printf "    bp: %d\n    population: %d\n", rnd(60) - 5, 1000 + rnd(9000)
}
function kingdom_unit(s, k,   w, hp, shots, n, t, known) {
	w = 1 + (rnd(4) == 0)
	if (!place(s, w, 1))
		return
	hp = 5 + rnd(21)
	printf "  %s-%d:\n    side: %s\n    name: Army %d\n", side[s], k, side[s], k
	if (rnd(4))
		printf "    commander: Captain %d\n", k
	printf "    at: [%d, %d]\n    size: [%d, 1]\n", px, py, w
	printf "    hp: %d\n    max-hp: %d\n    acr: %d\n    ac: %d\n",
	    rnd(15) == 0 ? 0 : hp - (rnd(4) == 0) * rnd(hp), hp, rnd(7), 10 + rnd(9)
	printf "    melee: %d\n", 1 + rnd(10)
	if (rnd(3) == 0) {
		shots = 1 + rnd(4)
		printf "    ranged: %d\n    shots: %d\n    max-shots: %d\n    range: %d\n",
		    2 + rnd(6), shots - rnd(2), shots, 2 + rnd(4)
	}
	printf "    maneuver: %d\n    maneuver-dc: %d\n    morale: %d\n",
	    1 + rnd(6), 9 + rnd(8), rnd(5) - 1
	printf "    rout: %d\n    consumption: %d\n    creatures: %d\n",
	    int(hp / 3) + rnd(int(hp / 3) + 1), rnd(7), 20 + rnd(400)
	known = ""
	for (t = 1; t <= ntactics; t++)
		if (rnd(2))
			known = known (known == "" ? "" : ", ") tactic[t]
	if (known != "")
		printf "    tactics: [%s]\n", known
}

function clash_unit(s, k,   solo, n, i, hp, ok) {
	solo = rnd(4) == 0
	n = solo ? 1 : 2 + rnd(3)
	if (!place(s, 1, 1))
		return
	sx[1] = px; sy[1] = py
	for (i = 2; i <= n; i++) {
		if (!beside(s, sx[i - 1], sy[i - 1]))
			break
		sx[i] = px; sy[i] = py
	}
	n = i - 1 < n ? i - 1 : n
	hp = solo ? 10 + rnd(30) : 4 + rnd(8)
	printf "  %s-%d:\n    side: %s\n    name: %s %d\n", side[s], k, side[s],
	    solo ? "Hero" : "Band", k
	if (solo) {
		print "    solo: true"
		if (rnd(2))
			print "    pc: true"
	}
	printf "    initiative: %d\n    ac: %d\n    max-hp: %d\n    speed: %d\n",
	    5 + rnd(12), 10 + rnd(8), hp, oneof("20 25 30 30 40")
	printf "    attack: %d\n    damage: %s\n    wis: %d\n    cha: %d\n",
	    1 + rnd(6), oneof("1d4 1d6+1 1d8+2 2d6 1d10 1d6-1 2d4+3"),
	    rnd(5) - 2, rnd(5) - 2
	if (!solo && rnd(12) == 0)
		print "    status: [broken]"
	if (!solo && rnd(2))
		printf "    commander: {name: Leader %d, cha: %d}\n", k, rnd(5) - 1
	print "    stands:"
	for (i = 1; i <= n; i++)
		printf "    - {at: [%d, %d], hp: %d}\n", sx[i], sy[i],
		    rnd(6) == 0 ? rnd(hp + 1 - solo) + solo : hp
	unitid[++nunits] = side[s] "-" k
	unitside[nunits] = s
}

BEGIN {
	seedrnd(seed, 0)
	W = 6 + rnd(11); H = 7 + rnd(8)
	nsides = rules != "kingdom" && H >= 10 && rnd(5) == 0 ? 3 : 2
	split("red blue green", side, " ")
	d = 2 + rnd(2)
	zone(1, 0, 0, W - 1, d - 1)
	zone(2, 0, H - d, W - 1, H - 1)
	if (nsides == 3)
		zone(3, 0, int(H / 2) - 1, W - 1, int(H / 2))
	for (y = 0; y < H; y++) {
		row[y] = ""
		for (x = 0; x < W; x++)
			row[y] = row[y] terrain(x, y)
	}

	print "bt: 1"
	printf "rules: %s\n", rules
	printf "name: Random battle %d\n", seed
	if (rules == "cc") {
		printf "weather: %s\n", oneof("roll roll clear fog heat rain hurricane sandstorm blizzard")
		printf "climate: %s\n", oneof("temperate coastal desert cold")
		if (rnd(6))
			printf "round-limit: %d\n", 2 + rnd(6)
	}
	if (rules == "kingdom") {
		ntactics = split("shield-wall flanking volley hold-the-line", tactic, " ")
		if (rnd(3) == 0)
			printf "strategies:\n  reckless: [%d, %d, %d]\n", -rnd(5), rnd(6), rnd(7)
		print "tactics:"
		for (t = 1; t <= ntactics; t++)
			printf "  %s: {ac: %d, melee: %d, ranged: %d, maneuver: %d}\n",
			    tactic[t], rnd(5) - 2, rnd(5) - 2, rnd(3), rnd(3) - 1
		if (rnd(2))
			print "social-damage:\n  destroyed: {loyalty: -1, unrest: 1, bp: -2}\n  routed: {unrest: 1}"
	}
	print "map:"
	printf "  width: %d\n  height: %d\n", W, H
	if (rules == "kingdom")
		printf "  square: %d\n", oneof("50 100 150")
	if (rules == "clash")
		printf "  square: %d\n", oneof("5 5 10")
	print "  rows:"
	for (y = 0; y < H; y++)
		printf "    - \"%s\"\n", row[y]
	print "  zones:"
	for (s = 1; s <= nsides; s++)
		printf "    %s: [[%d, %d, %d, %d]]\n", side[s], zx0[s], zy0[s], zx1[s], zy1[s]
	print "sides:"
	for (s = 1; s <= nsides; s++) {
		if (rules == "cc")
			cc_side(s)
		else if (rules == "kingdom")
			kingdom_side(s)
		else
			printf "  %s: {commander: Chief %d}\n", side[s], s
	}
	print "units:"
	for (s = 1; s <= nsides; s++) {
		n = 1 + rnd(rules == "cc" ? 5 : 4)
		for (k = 1; k <= n; k++) {
			if (rules == "cc")
				cc_unit(s, k)
			else if (rules == "kingdom")
				kingdom_unit(s, k)
			else
				clash_unit(s, k)
		}
	}
	if (rules == "clash" && rnd(3)) {
		print "objectives:"
		n = 1 + rnd(4)
		for (k = 1; k <= n; k++) {
			i = 1 + rnd(nunits)
			s = unitside[i]
			t = rnd(4)
			if (t == 0) {
				do {
					x = rnd(W); y = rnd(H)
				} while (substr(row[y], x + 1, 1) == "x")
				printf "  - {side: %s, kind: hold, at: [%d, %d], vp: %d}\n",
				    side[1 + rnd(nsides)], x, y, 1 + rnd(5)
			} else if (t == 1)
				printf "  - {side: %s, kind: destroy, unit: %s, vp: %d}\n",
				    side[s == 1 ? 2 : 1], unitid[i], 2 + rnd(8)
			else if (t == 2)
				printf "  - {side: %s, kind: protect, unit: %s, round: %d, vp: %d}\n",
				    side[s], unitid[i], 1 + rnd(4), 1 + rnd(6)
			else
				printf "  - {name: the road, side: %s, kind: escape, unit: %s, edge: %s, vp: %d}\n",
				    side[s], unitid[i], oneof("n e s w"), 2 + rnd(8)
		}
	}
}
'

# --- orders ---

# Reads a canonical state (the indentation bt writes) and prints the order:
# its first line says how to give it the state (file, stdin or inplace),
# the second is the program and its words; a bt-order's lines go to the
# file orders.txt. "ended" alone when the battle has a result.
order_awk='
function on_map(u) { return (u in ux) && !(u in gone) }
function unit_list(   u, n) {
	n = 0
	for (u in uside)
		ids[++n] = u
	# a fixed order: awk gives no order for "in", so sort by id
	isort(ids, n)
	return n
}
function isort(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
}
# Chebyshev distance between the footprints of units a and b.
function dist(a, b,   dx, dy) {
	dx = max(0, max(ux[b] - (ux[a] + uw[a] - 1), ux[a] - (ux[b] + uw[b] - 1)))
	dy = max(0, max(uy[b] - (uy[a] + uh[a] - 1), uy[a] - (uy[b] + uh[b] - 1)))
	return max(dx, dy)
}
# An enemy of u on the map: mostly the nearest, sometimes any.
function enemy(u,   i, best, d, bd, n, pool) {
	best = ""; n = 0
	for (i = 1; i <= nids; i++) {
		if (!on_map(ids[i]) || uside[ids[i]] == uside[u])
			continue
		pool[++n] = ids[i]
		if (on_map(u)) {
			d = dist(u, ids[i])
			if (best == "" || d < bd) {
				best = ids[i]; bd = d
			}
		}
	}
	if (n == 0)
		return ""
	if (best == "" || rnd(4) == 0)
		return pool[1 + rnd(n)]
	return best
}
function ally(u,   i, best, d, bd) {
	best = ""
	for (i = 1; i <= nids; i++) {
		if (ids[i] == u || !on_map(ids[i]) || uside[ids[i]] != uside[u])
			continue
		d = on_map(u) ? dist(u, ids[i]) : 0
		if (best == "" || d < bd || rnd(5) == 0) {
			best = ids[i]; bd = d
		}
	}
	return best
}
function any_unit() { return ids[1 + rnd(nids)] }
# A compass word from (x, y) toward (tx, ty), or at random.
function toward(x, y, tx, ty,   dx, dy) {
	if (rnd(3) == 0)
		return oneof("n ne e se s sw w nw")
	dx = tx > x ? 1 : tx < x ? -1 : 0
	dy = ty > y ? 1 : ty < y ? -1 : 0
	if (dx == 0 && dy == 0)
		return oneof("n e s w")
	return (dy < 0 ? "n" : dy > 0 ? "s" : "") (dx < 0 ? "w" : dx > 0 ? "e" : "")
}
# A square near unit e (or anywhere): "X,Y" on the map.
function near(e,   x, y) {
	if (e == "" || !(e in ux)) {
		x = rnd(W); y = rnd(H)
	} else {
		x = ux[e] + rnd(5) - 2; y = uy[e] + rnd(5) - 2
	}
	x = min(max(x, 0), W - 1); y = min(max(y, 0), H - 1)
	return x "," y
}
# Forced dice now and then: values every die of the rulesets allows
# mostly (1 to 4), a d20 value sometimes.
function rolls(p,   n, s, i) {
	if (rnd(100) >= p)
		return ""
	n = 1 + rnd(5); s = ""
	for (i = 1; i <= n; i++)
		s = s (i > 1 ? "," : "") (rnd(3) ? 1 + rnd(4) : 1 + rnd(20))
	return " -r " s
}
function hold(p,   e) {
	if (rnd(100) >= p || nids == 0)
		return ""
	return " --hold=" any_unit()
}

# A square toward enemy e that unit a can reach with k squares of
# movement: "X,Y", next to e when it is near.
function toward_sq(a, e, k,   dx, dy, d, x, y) {
	if (e == "" || !(a in ux) || !(e in ux))
		return near(e)
	dx = ux[e] - ux[a]; dy = uy[e] - uy[a]
	d = max(abs(dx), abs(dy))
	if (rnd(2))
		k = int(k / 2)	# difficult ground costs double
	if (d > k && k > 0) {
		x = ux[a] + int(dx * k / d); y = uy[a] + int(dy * k / d)
	} else {
		# a square touching e, around its footprint
		x = ux[e] - uw[a] + rnd(uw[a] + uw[e] + 1)
		y = uy[e] - uh[a] + rnd(uh[a] + uh[e] + 1)
	}
	x += rnd(3) - 1; y += rnd(3) - 1
	x = min(max(x, 0), W - 1); y = min(max(y, 0), H - 1)
	if (x == ux[a] && y == uy[a])
		return near(e)
	return x "," y
}

# cc: the active unit moves, acts or ends its turn, as its turn allows;
# now and then the order is for another unit, or anything at all.
function cc_order(a,   r, e, n, i, s, al, left, canmove, d, w) {
	if (a == "" || rnd(25) == 0)
		a = any_unit()
	left = speed[a] - turn["moved"]
	canmove = on_map(a) && !turn["stopped"] && !turn["contact"] && left >= 50
	e = enemy(a)
	d = e != "" && on_map(a) ? dist(a, e) : 99
	r = rnd(100)
	if (turn["acted"] && !canmove && r < 85)
		return "bt-resolve" rolls(10)
	if (canmove && r < 45 && (d > 1 || r < 15)) {
		if (r < 18 || d <= 1) {
			n = 1 + rnd(min(3, int(left / 50))); s = ""
			for (i = 0; i < n; i++) {
				w = oneof("f f f f fl fr l r cw ccw about f cw: ccw:")
				s = s " " w (w ~ /:$/ ? 1 + rnd(uw[a] * uh[a]) : "")
			}
			return "bt-move" (rnd(8) == 0 ? " --disengage" : "") hold(10) rolls(15) " " a s
		}
		return "bt-move" (rnd(10) == 0 ? " --disengage" : "") hold(10) rolls(15) \
		    " --to " toward_sq(a, e, int(left / 50)) " " a
	}
	r = rnd(100)
	if (!turn["acted"] && r < 55) {
		if (e == "")
			e = any_unit()
		return "bt-attack" ((a in ranged) && (d > 1 || rnd(3) == 0) ? " --ranged" : "") \
		    (rnd(10) == 0 ? " --adv" : "") (rnd(12) == 0 ? " --dis" : "") \
		    (rnd(15) == 0 ? " --crit-type=fire" : "") rolls(20) " " a " " e
	}
	if (!turn["acted"] && r < 75) {
		s = oneof("defend disengage support support ready ready")
		if (s == "support")
			s = s " " ((al = ally(a)) != "" ? al : any_unit())
		else if (s == "ready") {
			s = s " " ((a in ranged) && rnd(2) ? "range" : "contact")
			if (rnd(2) && e != "")
				s = s " " e
		}
		return "bt-act" rolls(5) " " a " " s
	}
	if (!turn["acted"] && r < 82)
		return "bt-morale --rally" (rnd(8) == 0 ? " --adv" : "") (rnd(8) == 0 ? " --dis" : "") rolls(20) " " a
	if (d <= 1 && !turn["contact"] && r < 90)
		return "bt-move" rolls(10) " " a " " oneof("cw ccw about cw:" (1 + rnd(uw[a] * uh[a])))
	return "bt-resolve" rolls(10)
}

function kingdom_order(   a, e, r, n, i, s) {
	a = ""
	for (i = 0; i < 6 && (a == "" || !on_map(a)); i++)
		a = any_unit()
	e = enemy(a)
	r = rnd(100)
	if (phase == "maneuver") {
		if (r < 30) {
			n = 1 + rnd(3); s = ""
			for (i = 0; i < n; i++)
				s = s " " (e != "" ? toward(ux[a], uy[a], ux[e], uy[e]) : oneof("n e s w"))
			return "bt-move" (rnd(6) == 0 ? " --disengage" : "") rolls(20) " " a s
		}
		if (r < 42)
			return "bt-move" (rnd(8) == 0 ? " --disengage" : "") rolls(20) " --to " near(e) " " a
		if (r < 46)
			return "bt-move --disengage" rolls(30) " " a
		if (r < 54)
			return "bt-act" rolls(20) " " a " strategy " oneof("defensive cautious standard aggressive reckless")
		if (r < 62)
			return "bt-act" rolls(20) " " a " tactic " (nknown[a] ? known[a, 1 + rnd(nknown[a])] : oneof("volley flanking"))
		if (r < 63)
			return "bt-act" rolls(20) " " a " ceasefire"
		return "bt-resolve" rolls(20)
	}
	if (phase == "ranged") {
		if (r < 45) {
			for (i = 0; i < 6 && !(a in shooter); i++)
				a = any_unit()
			return "bt-attack" rolls(10) " " a " " (e != "" ? enemy(a) : any_unit())
		}
		return "bt-resolve" hold(10) rolls(25)
	}
	if (phase == "melee") {
		if (r < 15)
			return "bt-act " a " avoid-melee"
		return "bt-resolve" hold(10) rolls(25)
	}
	if (r < 25) {
		s = rnd(3) ? " " a : ""
		if (s != "" && rnd(3) == 0)
			s = s " " any_unit()
		return "bt-morale" hold(15) rolls(25) s
	}
	return "bt-resolve" hold(10) rolls(25)
}

# A stand of unit a on the map, with movement left when m: "a.N" (or a
# solo by its id); sometimes any stand, or the whole unit as a block.
function stand(a, m,   n, i, k, pool) {
	if (!(a in nst) || nst[a] == 0 || rnd(12) == 0)
		return a
	k = 0
	for (i = 1; i <= nst[a]; i++)
		if ((a, i) in sx && (!m || smoved[a, i] < speed[a]))
			pool[++k] = i
	if (k == 0 || rnd(15) == 0)
		return a "." (1 + rnd(nst[a]))
	if (nst[a] == 1 && rnd(2))
		return a
	if (m && nst[a] > 1 && rnd(3) == 0)
		return a
	return a "." pool[1 + rnd(k)]
}
# A stand of a that has not attacked, next to an enemy stand: "MINE
# THEIRS", else "".
function clash_pair(a,   i, j, k, u, best) {
	best = ""
	for (i = 1; i <= nst[a]; i++) {
		if (!((a, i) in sx) || ((a, i) in sattacked))
			continue
		for (j = 1; j <= nids; j++) {
			u = ids[j]
			if (uside[u] == uside[a] || !(u in nst))
				continue
			for (k = 1; k <= nst[u]; k++)
				if ((u, k) in sx && abs(sx[u, k] - sx[a, i]) <= 1 &&
				    abs(sy[u, k] - sy[a, i]) <= 1 && (best == "" || rnd(3) == 0))
					best = a "." i " " (nst[u] == 1 && rnd(2) ? u : u "." k)
		}
	}
	return best
}
# clash: the stands of the active unit move and attack, or the round
# goes on.
function clash_order(a,   r, e, n, i, s, m, p, pr, k, x, y) {
	if (a == "" || rnd(25) == 0)
		a = any_unit()
	e = enemy(a)
	p = clash_pair(a)
	r = rnd(100)
	if (p != "" && r < 45) {
		split(p, pr, " ")
		s = ""
		if (rnd(6) == 0 && (i = index(pr[2], ".")) > 0)
			s = " --spill-to " substr(pr[2], 1, i) (1 + rnd(4))
		return "bt-attack" (rnd(10) == 0 ? " --adv" : "") (rnd(12) == 0 ? " --dis" : "") s rolls(25) " " p
	}
	if (r < 60 && !retreat) {
		m = stand(a, 1)
		k = index(m, ".") ? substr(m, index(m, ".") + 1) : 1
		x = (a, k) in sx ? sx[a, k] : ux[a]; y = (a, k) in sy ? sy[a, k] : uy[a]
		if (rnd(3)) {
			n = 1 + rnd(3); s = ""
			for (i = 0; i < n; i++)
				s = s " " (e != "" && (e in ux) ? toward(x, y, ux[e], uy[e]) : oneof("n e s w"))
			return "bt-move" hold(5) rolls(5) " " m s
		}
		k = int((speed[a] - smoved[a, k]) / square)
		return "bt-move" rolls(5) " --to " toward_sq(a, e, k) " " m
	}
	r = rnd(100)
	if (r < 12)
		return "bt-attack" rolls(25) " " stand(a, 0) " " (e != "" ? stand(e, 0) : any_unit())
	if (r < 22) {
		s = oneof("retreat join join leave")
		if (s == "join")
			s = s " " ((m = ally(a)) != "" ? m : any_unit())
		return "bt-act " a " " s
	}
	if (r < 27)
		return "bt-morale" (rnd(2) ? " --rally" : "") rolls(30) " " a
	s = ""
	if (rnd(10) == 0 && nids > 0)
		s = " --fill=" stand(any_unit(), 0) "=" near(a)
	return "bt-resolve" s rolls(20)
}

function one_order() {
	if (rules == "cc")
		return cc_order(active)
	if (rules == "kingdom")
		return kingdom_order()
	return clash_order(active)
}

# --- reading the state ---
/^rules: / { rules = $2 }
/^active: / { active = $2 }
/^phase: / { phase = $2 }
/^result:/ { ended = 1 }
/^turn: \{/ {
	s = $0; sub(/^turn: \{/, "", s); sub(/\}$/, "", s)
	n = split(s, f, ", ")
	for (i = 1; i <= n; i++) {
		split(f[i], kv, ": ")
		turn[kv[1]] = kv[2] == "true" ? 1 : kv[2] + 0
	}
}
/^[a-z]/ { top = $1; sub(":", "", top); u = "" }
top == "map" && /^  width: / { W = $2 }
top == "map" && /^  height: / { H = $2 }
top == "map" && /^  square: / { square = $2 }
top == "units" && /^  [^ ]/ { u = $1; sub(":$", "", u); uside[u] = ""; uw[u] = uh[u] = 1 }
top == "units" && u != "" {
	if ($1 == "side:") uside[u] = $2
	else if ($1 == "at:") { gsub(/[][,]/, " "); split($0, f, " "); ux[u] = f[2]; uy[u] = f[3] }
	else if ($1 == "size:") { gsub(/[][,]/, " "); split($0, f, " "); uw[u] = f[2]; uh[u] = f[3] }
	else if ($1 == "status:" && $0 ~ /destroyed|fled|routed/) gone[u] = 1
	else if ($1 == "ranged:") ranged[u] = 1
	else if ($1 == "speed:") speed[u] = $2
	else if ($1 == "retreat:" && u == active) retreat = 1
	else if ($1 == "max-shots:") shooter[u] = 1
	else if ($1 == "tactics:") {
		s = $0; sub(/.*\[/, "", s); sub(/\].*/, "", s)
		nknown[u] = split(s, f, ", ")
		for (i = 1; i <= nknown[u]; i++)
			known[u, i] = f[i]
	} else if ($1 == "-") {		# a stand, {at: [x, y], hp: n, ...}
		k = ++nst[u]
		if ($0 ~ /at: \[/) {
			s = $0; sub(/.*at: \[/, "", s); split(s, f, /[],]/)
			sx[u, k] = f[1] + 0; sy[u, k] = f[2] + 0
			if (!(u in ux)) {
				ux[u] = sx[u, k]; uy[u] = sy[u, k]
			}
		}
		if ($0 ~ /moved: /) {
			s = $0; sub(/.*moved: /, "", s)
			smoved[u, k] = s + 0
		}
		if ($0 ~ /attacked: true/)
			sattacked[u, k] = 1
	}
}

END {
	if (ended) {
		print "ended"
		exit
	}
	seedrnd(seed, idx)
	if (square == "")
		square = 50
	nids = unit_list()
	r = rnd(100)
	mode = oneof("file file stdin inplace")
	if (r < 4) {
		print rnd(2) ? "file" : "stdin"
		print "bt-render -F " oneof("text log report text")
	} else if (r < 6) {
		print mode
		print "bt-roll" (rnd(4) == 0 ? " --adv" : "") rolls(20) " -w check " oneof("d20 d20+3 2d6 d100 3d4-1")
	} else if (r < 8) {
		print mode
		print "bt-check"
	} else if (r < 13) {
		print mode
		print "bt-order orders.txt"
		# mostly turns ended after the first order, so that all of
		# them are done often enough
		n = 1 + rnd(4)
		printf "" > "orders.txt"
		for (i = 0; i < n; i++)
			print (i == 0 || rnd(3) == 0 ? one_order() : "bt-resolve") > "orders.txt"
	} else {
		print mode
		print one_order()
	}
}
'

scenario() {
	awk -v rules="$1" -v seed="$2" "$common_awk$scenario_awk" < /dev/null
}

order() {
	awk -v seed="$1" -v idx="$2" "$common_awk$order_awk" "$3"
}

# fail WHY: the report of a broken property, then exit 1.
fail() {
	echo "property broken: $1"
	echo "replay: tests/property.sh run $rules $seed $total (order $i," \
	    "battle $battles of this run, scenario seed $bseed)"
	echo "order ($mode): $cmd"
	[[ $cmd != bt-order* ]] || sed 's/^/  orders.txt: /' orders.txt
	echo "exit status: $status"
	sed 's/^/  stderr: /' err.txt
	head -c 2000 out.yaml | sed 's/^/  stdout: /'
	echo
	echo "the state it was given:"
	printf '%s' "$state"
	exit 1
}

# slurp FILE VAR: the whole file, every byte, into VAR (no process).
slurp() {
	IFS= read -r -d '' "$2" < "$1" || :
}

# rounds_played: adds the current battle's rounds to rounds.
rounds_played() {
	local re=$'\n''round: ([0-9]+)'
	[[ $state =~ $re ]] && rounds=$((rounds + BASH_REMATCH[1]))
}

# new_battle: a fresh scenario, started by bt-init, in state.yaml.
new_battle() {
	[[ -z ${state-} ]] || rounds_played
	battles=$((battles + 1))
	bseed=$((seed * 1000 + battles))
	border=0
	scenario "$rules" "$bseed" > scenario.yaml
	slurp scenario.yaml state
	mode=file cmd="bt-init --seed $bseed scenario.yaml" status=0
	: > out.yaml
	bt-init --seed "$bseed" scenario.yaml > state.yaml 2> err.txt ||
		{ status=$?; fail "bt-init refused a generated scenario"; }
	written state.yaml bt-init
	state=$out
}

# written FILE WHO: the state in FILE, which WHO wrote, passes bt-check
# (the loader and every check of a state) and is canonical: bt-check
# writes it back byte for byte. Sets out to it.
written() {
	local canon
	bt-check "$1" > canon.yaml 2> err.txt ||
		{ status=$?; fail "bt-check refuses the state $2 wrote"; }
	slurp "$1" out
	slurp canon.yaml canon
	[[ $canon == "$out" ]] || fail "the state $2 wrote is not canonical"
}

# pipeline: the orders of a bt-order that succeeded, given one by one
# to the programs, succeed too, each writing a state that passes bt-check,
# and end in the same state, byte for byte (bt-order(1)).
pipeline() {
	local line from=state.yaml to=p1.yaml piped n=0 whole=$out
	while read -r line; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		set -- $line
		"$1" -f "$from" "${@:2}" > "$to" 2> err.txt ||
			{ status=$?; fail "an order of a bt-order that succeeded fails alone: $line"; }
		written "$to" "order $n of the bt-order alone ($line)"
		from=$to
		[[ $to == p1.yaml ]] && to=p2.yaml || to=p1.yaml
	done < orders.txt
	slurp "$from" piped
	out=$whole
	[[ $piped == "$out" ]] || fail "bt-order's state differs from the pipeline's"
}

run() {
	local prog out errs
	rules=$1 seed=$2 total=$3
	battles=0 ended=0 i=0 done=0 refused=0 usage=0 rounds=0 state=
	set -f
	new_battle
	while ((i < total)); do
		i=$((i + 1))
		border=$((border + 1))
		order "$seed" "$i" state.yaml > order.txt
		{ read -r mode; read -r cmd || :; } < order.txt
		if [[ $mode == ended ]] || ((border > 300)); then
			[[ $mode == ended ]] && ended=$((ended + 1))
			new_battle
			i=$((i - 1))
			continue
		fi
		# shellcheck disable=SC2086
		set -- $cmd
		prog=$1
		shift
		status=0
		# 20 s of CPU at most: a program that loops is killed (SIGXCPU)
		# and so fails the property, rather than the test hanging.
		case $mode in
		file)
			(ulimit -t 20 && exec "$prog" -f state.yaml "$@") \
			    > out.yaml 2> err.txt || status=$? ;;
		stdin)
			(ulimit -t 20 && exec "$prog" "$@") \
			    < state.yaml > out.yaml 2> err.txt || status=$? ;;
		inplace)
			printf '%s' "$state" > new.yaml
			(ulimit -t 20 && exec "$prog" -i -f new.yaml "$@") \
			    > out.yaml 2> err.txt || status=$? ;;
		esac
		case $status in
		0 | 1 | 2) ;;
		*) fail "exit status $status" ;;
		esac
		slurp err.txt errs
		[[ -z ${BT_PROP_LOG-} ]] || printf '%s\n' "$status $cmd" "$errs" >> "$BT_PROP_LOG"
		[[ $errs != *"runtime error"* && $errs != *Sanitizer* ]] ||
			fail "a sanitizer report"
		slurp out.yaml out
		if ((status != 0)); then
			((status == 1)) && refused=$((refused + 1))
			((status == 2)) && usage=$((usage + 1))
			[[ -z $out ]] || fail "output on exit $status"
			if [[ $mode == inplace ]]; then
				slurp new.yaml out
				[[ $out == "$state" ]] || fail "a refused order changed the file"
			fi
			continue
		fi
		done=$((done + 1))
		if [[ $mode == inplace ]]; then
			[[ -z $out ]] || fail "output with --in-place"
			slurp new.yaml out
			printf '%s' "$out" > out.yaml
		fi
		case $prog in
		bt-render)
			[[ -n $out ]] || fail "bt-render wrote nothing"
			continue ;;
		bt-check)
			[[ $out == "$state" ]] || fail "bt-check changed a canonical state"
			continue ;;
		esac
		written out.yaml "$prog"
		[[ $prog != bt-order ]] || pipeline

		state=$out
		printf '%s' "$state" > state.yaml
	done
	rounds_played
	echo "$rules: $total orders from seed $seed: $done done ($((done * 100 / total))%)," \
	    "$refused refused, $usage usage errors; $battles battles, $ended ended, $rounds rounds"
}

case ${1-} in
scenario)
	[ $# -eq 3 ] || { echo "usage: property.sh scenario RULES SEED" >&2; exit 2; }
	scenario "$2" "$3" ;;
order)
	[ $# -eq 4 ] || { echo "usage: property.sh order SEED N STATE" >&2; exit 2; }
	order "$2" "$3" "$4" ;;
run)
	[ $# -eq 4 ] || { echo "usage: property.sh run RULES SEED ORDERS" >&2; exit 2; }
	run "$2" "$3" "$4" ;;
*)
	echo "usage: property.sh scenario|order|run ..." >&2
	exit 2 ;;
esac
