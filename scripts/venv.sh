# Sourced by the scripts beside it: create the virtual environment if needed and install the project into it.
# Usage: install_into_venv ".[test]" [more requirements...]; VENV names it (default .venv).
install_into_venv() {
    local target="$1"
    shift
    local venv="${VENV:-.venv}"
    if [ ! -x "${venv}/bin/python" ]; then
        echo "creating ${venv} with $(python3 --version)"
        python3 -m venv "${venv}"
    fi
    echo "installing ${target} $* into ${venv}"
    "${venv}/bin/python" -m pip install --quiet --disable-pip-version-check "$@" -e "${target}"
    export PATH="$PWD/${venv}/bin:$PATH"
}
