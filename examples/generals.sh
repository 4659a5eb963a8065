# What the simple generals of examples/cc-battle.sh and
# examples/kingdom-battle.sh know of the battle, read from the state in
# "$state" with awk; sourced by them, with $tmp their scratch folder.

# "id side x y w h hp max-hp shots" for each unit on the map.
units() {
	awk '
	/^units:/ { in_units = 1; next }
	/^[a-z]/ { in_units = 0 }
	in_units && /^  [^ ]/ { flush(); id = $1; sub(":", "", id); at = ""; w = h = 1; shots = 0; next }
	in_units && /^    side:/ { side = $2 }
	in_units && /^    at:/ { gsub(/[][,]/, " "); x = $2; y = $3; at = 1 }
	in_units && /^    size:/ { gsub(/[][,]/, " "); w = $2; h = $3 }
	in_units && /^    hp:/ { hp = $2 }
	in_units && /^    max-hp:/ { max = $2 }
	in_units && /^    shots:/ { shots = $2 }
	function flush() { if (id != "" && at) print id, side, x, y, w, h, hp, max, shots; id = "" }
	END { flush() }
	' "$state"
}

# Tries an order; keeps the new state only when the programs accept it.
try() {
	if "$@" -f "$state" > "$tmp/next.yaml" 2>/dev/null; then
		mv "$tmp/next.yaml" "$state"
		return 0
	fi
	return 1
}

# The enemies of unit $1 on the map, nearest first (squares between their
# footprints): "id x y w h distance".
enemies() {
	units | awk -v me="$1" '
	{ id[NR] = $1; side[NR] = $2; x[NR] = $3; y[NR] = $4; w[NR] = $5; h[NR] = $6 }
	$1 == me { m = NR }
	END {
		if (!m) exit
		for (i = 1; i <= NR; i++) {
			if (side[i] == side[m]) continue
			dx = x[i] > x[m] + w[m] - 1 ? x[i] - (x[m] + w[m] - 1) : (x[m] > x[i] + w[i] - 1 ? x[m] - (x[i] + w[i] - 1) : 0)
			dy = y[i] > y[m] + h[m] - 1 ? y[i] - (y[m] + h[m] - 1) : (y[m] > y[i] + h[i] - 1 ? y[m] - (y[i] + h[i] - 1) : 0)
			print id[i], x[i], y[i], w[i], h[i], (dx > dy ? dx : dy)
		}
	}' | sort -k6,6n -k1,1
}

# Tries bt-move --to on the squares within 6 of (x $2, y $3) nearest
# (x $4, y $5), the $6 nearest at most, for unit $1: true when one move
# was taken.
toward() {
	awk -v mx="$2" -v my="$3" -v ex="$4" -v ey="$5" 'BEGIN {
		for (dy = -6; dy <= 6; dy++) for (dx = -6; dx <= 6; dx++) {
			x = mx + dx; y = my + dy
			if (x < 0 || y < 0 || (dx == 0 && dy == 0)) continue
			ddx = x - ex; ddy = y - ey
			if (ddx < 0) ddx = -ddx
			if (ddy < 0) ddy = -ddy
			print (ddx > ddy ? ddx : ddy) * 100 + ddx + ddy, x "," y
		}
	}' | sort -n | head -n "$6" | while read -r _ to; do
		if try bt-move --to "$to" "$1"; then
			echo moved
			break
		fi
	done | grep -q moved
}
